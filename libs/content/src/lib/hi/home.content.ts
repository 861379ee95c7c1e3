// हिन्दी: the home page's hero slides, quotes and eligibility cards (texts only; see hero-slides.translation.ts, eligibility.translation.ts).
import { translateEligibility } from '../eligibility.translation';
import { translateHeroSlides, type QuoteTexts } from '../hero-slides.translation';

const EINSTEIN = 'अल्बर्ट आइंस्टाइन';
const KALAM = 'डॉ. ए. पी. जे. अब्दुल कलाम';

export const heroSlides = translateHeroSlides('hi', {
  cta: { primary: 'परीक्षाओं की जानकारी', secondary: 'गैलरी देखें' },
  slides: {
    einstein: {
      title: 'आइंस्टाइन की तरह सोचें',
      subtitle: 'KBE Young Scientist Competition',
      description: 'कक्षा V से XII+ के विद्यार्थियों के लिए विज्ञान प्रश्नोत्तरी और परीक्षा, उस भौतिकविद से प्रेरित जिसने प्रकाश की किरण पर सवारी की कल्पना की थी।',
      imageAlt: 'ब्लैकबोर्ड पर चमकते समीकरणों और उसके ऊपर घूमते परमाणु का चित्र',
      quote: { quote: 'कल्पना ज्ञान से अधिक महत्वपूर्ण है।', author: EINSTEIN },
      stats: ['प्रतिभागी', 'स्तर', 'विजेता'],
    },
    space: {
      title: 'सितारों तक पहुँचें',
      subtitle: 'ISRO और NASA की यात्रा',
      description: 'सर्वश्रेष्ठ विद्यार्थी बेंगलुरु में ISRO और अमेरिका में NASA जाते हैं, वैज्ञानिकों से मिलते हैं और अंतरिक्ष यात्रियों की तरह प्रशिक्षण लेते हैं।',
      imageAlt: 'तारों के बीच छल्लेदार ग्रह के पास से ऊपर उठते रॉकेट का चित्र',
      quote: { quote: 'सपने देखो, सपने देखो, सपने देखो। सपने विचारों में बदलते हैं और विचार कर्म में।', author: KALAM },
      stats: ['ISRO यात्राएँ', 'NASA यात्राएँ', 'अंतरिक्ष यात्राएँ'],
    },
    global: {
      title: 'एक वैश्विक मंच',
      subtitle: '50+ देशों के युवा वैज्ञानिक',
      description: 'नाशिक से दुनिया तक: विद्यार्थी, विद्यालय और मार्गदर्शक शिक्षक एक ऐसे समुदाय से जुड़ते हैं जो हर जगह जिज्ञासा का उत्सव मनाता है।',
      imageAlt: 'आपस में जुड़ी कक्षा-रेखाओं से घिरे चमकते ग्लोब का चित्र',
      quote: { quote: 'महत्वपूर्ण बात यह है कि प्रश्न पूछना कभी बंद न करें।', author: EINSTEIN },
      stats: ['देश', 'केंद्र', 'सफलता दर'],
    },
    future: {
      title: 'भविष्य बनाएँ',
      subtitle: 'पदक, छात्रवृत्तियाँ और बहुत कुछ',
      description: 'पदक, छात्रवृत्तियाँ और ₹10 लाख से अधिक की पुरस्कार राशि में हिस्सा जीतें, और विज्ञान की ऐसी यात्रा शुरू करें जो जीवन भर चले।',
      imageAlt: 'उगते तारों वाले आकाश के नीचे स्वर्ण पदक और दूरबीन का चित्र',
      quote: { quote: 'विज्ञान मानवता के लिए एक सुंदर उपहार है; हमें इसे विकृत नहीं करना चाहिए।', author: KALAM },
      stats: ['पुरस्कार राशि', 'विजेता', 'शहर'],
    },
  },
});

export const quotes: QuoteTexts = [
  { quote: 'कल्पना ज्ञान से अधिक महत्वपूर्ण है। ज्ञान सीमित है; कल्पना पूरी दुनिया को घेर लेती है।', author: EINSTEIN },
  { quote: 'सपने देखो, सपने देखो, सपने देखो। सपने विचारों में बदलते हैं और विचार कर्म में।', author: KALAM },
  { quote: 'मेरे पास कोई विशेष प्रतिभा नहीं है। मैं केवल बहुत जिज्ञासु हूँ।', author: EINSTEIN },
  { quote: 'विज्ञान मानवता के लिए एक सुंदर उपहार है; हमें इसे विकृत नहीं करना चाहिए।', author: KALAM },
  { quote: 'बीते कल से सीखें, आज के लिए जिएँ, आने वाले कल की आशा रखें।', author: EINSTEIN },
];

export const eligibility = translateEligibility(
  'hi',
  (figures, timeline) => ({
    'age-groups': {
      title: 'आयु वर्ग',
      items: [
        { label: 'Grade I', detail: 'कक्षा V-VII, आयु 10-13' },
        { label: 'Grade II', detail: 'कक्षा VIII-X, आयु 13-16' },
        { label: 'Grade III', detail: 'कक्षा XI-XII+, आयु 16-18+' },
      ],
    },
    'global-participation': {
      title: 'वैश्विक भागीदारी',
      items: [
        { label: 'देश', detail: `${figures.countries} देशों के विद्यार्थी` },
        { label: 'राष्ट्रीय पहुँच', detail: `भारत के ${figures.states} राज्य` },
        { label: 'केंद्र', detail: `${figures.centres} परीक्षा केंद्र` },
      ],
    },
    requirements: {
      title: 'आवश्यकताएँ',
      items: [
        { label: 'विद्यालय', detail: 'कक्षा V से XII+ में नामांकित' },
        { label: 'मार्गदर्शक शिक्षक', detail: 'अपने विद्यालय के मार्गदर्शक शिक्षक के माध्यम से पंजीकरण' },
        { label: 'दस्तावेज़', detail: 'एक फ़ोटो और हस्ताक्षर (चित्र, प्रत्येक 5MB तक)' },
      ],
    },
    timeline: {
      title: 'प्रतियोगिता की समय-सारिणी',
      items: [
        { label: 'पंजीकरण', detail: timeline.registration },
        { label: 'प्रारंभिक चरण', detail: timeline.preliminary },
        { label: 'सेमीफ़ाइनल', detail: timeline.semiFinals },
        { label: 'ग्रैंड फ़िनाले', detail: timeline.grandFinale },
      ],
    },
  }),
  { registration: 'जनवरी - मार्च', preliminary: 'अप्रैल', semiFinals: 'मई', grandFinale: 'जून' },
);
