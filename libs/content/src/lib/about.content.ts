import type { Quote } from './quotes.content';

export const ABOUT_INTRO =
  'The KBE Young Scientist Competition invites students of classes V to XII+ to explore science the way Albert Einstein did: with curiosity, imagination and courage. From a taluka exam hall in Nashik to the launch pads of ISRO and NASA, every level opens a new door.';

export const VISION = {
  title: 'Our Vision',
  text: 'A generation of young Indians who think like scientists: who ask why, test their ideas and use science for peace and for the good of everyone.',
};

export const MISSION = {
  title: 'Our Mission',
  text: 'To find and nurture scientific talent in every school, town and village, through a fair exam, dedicated mentors and life-changing visits to the world\'s great space centres.',
};

export const ABOUT_QUOTE: Quote = {
  quote: 'The important thing is not to stop questioning. Curiosity has its own reason for existing.',
  author: 'Albert Einstein',
};
