export interface Quote {
  quote: string;
  author: string;
}

/** Quote carousel on the home page (rotates every QUOTE_ROTATION_MS). */
export const QUOTE_ROTATION_MS = 8000;

export const QUOTES: Quote[] = [
  { quote: 'Imagination is more important than knowledge. Knowledge is limited; imagination encircles the world.', author: 'Albert Einstein' },
  { quote: 'Dream, dream, dream. Dreams transform into thoughts and thoughts result in action.', author: 'Dr. A. P. J. Abdul Kalam' },
  { quote: 'I have no special talent. I am only passionately curious.', author: 'Albert Einstein' },
  { quote: 'Science is a beautiful gift to humanity; we should not distort it.', author: 'Dr. A. P. J. Abdul Kalam' },
  { quote: 'Learn from yesterday, live for today, hope for tomorrow.', author: 'Albert Einstein' },
];
