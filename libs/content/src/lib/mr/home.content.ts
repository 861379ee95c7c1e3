// मराठी: the home page's hero slides, quotes and eligibility cards (texts only; see hero-slides.translation.ts, eligibility.translation.ts).
import { translateEligibility } from '../eligibility.translation';
import { translateHeroSlides, type QuoteTexts } from '../hero-slides.translation';

const EINSTEIN = 'अल्बर्ट आइन्स्टाइन';
const KALAM = 'डॉ. ए. पी. जे. अब्दुल कलाम';

export const heroSlides = translateHeroSlides('mr', {
  cta: { primary: 'परीक्षांची माहिती', secondary: 'गॅलरी पाहा' },
  slides: {
    einstein: {
      title: 'आइन्स्टाइनसारखा विचार करा',
      subtitle: 'KBE Young Scientist Competition',
      description: 'इयत्ता V ते XII+ च्या विद्यार्थ्यांसाठी विज्ञान प्रश्नमंजूषा आणि परीक्षा, प्रकाशकिरणावर स्वार होण्याची कल्पना करणाऱ्या भौतिकशास्त्रज्ञापासून प्रेरित.',
      imageAlt: 'फळ्यावर चमकणारी समीकरणे आणि त्यावर फिरणारा अणू यांचे चित्र',
      quote: { quote: 'ज्ञानापेक्षा कल्पनाशक्ती अधिक महत्त्वाची आहे.', author: EINSTEIN },
      stats: ['सहभागी', 'स्तर', 'विजेते'],
    },
    space: {
      title: 'ताऱ्यांपर्यंत झेप घ्या',
      subtitle: 'ISRO आणि NASA ला भेट',
      description: 'सर्वोत्तम विद्यार्थी बंगळुरूमधील ISRO आणि अमेरिकेतील NASA ला जातात, वैज्ञानिकांना भेटतात आणि अंतराळवीरांसारखे प्रशिक्षण घेतात.',
      imageAlt: 'ताऱ्यांमधून कडी असलेल्या ग्रहाजवळून वर जाणाऱ्या रॉकेटचे चित्र',
      quote: { quote: 'स्वप्ने पाहा, स्वप्ने पाहा, स्वप्ने पाहा. स्वप्नांचे विचारांत रूपांतर होते आणि विचारांतून कृती घडते.', author: KALAM },
      stats: ['ISRO सफरी', 'NASA सफरी', 'अंतराळ सफरी'],
    },
    global: {
      title: 'जागतिक व्यासपीठ',
      subtitle: '५०+ देशांतील तरुण वैज्ञानिक',
      description: 'नाशिकपासून जगापर्यंत: विद्यार्थी, शाळा आणि मार्गदर्शक शिक्षक सर्वत्र जिज्ञासेचा उत्सव साजरा करणाऱ्या समुदायात सामील होतात.',
      imageAlt: 'एकमेकांना जोडलेल्या कक्षारेषांनी वेढलेल्या चमकणाऱ्या पृथ्वीगोलाचे चित्र',
      quote: { quote: 'प्रश्न विचारणे कधीही थांबवू नका, हेच महत्त्वाचे आहे.', author: EINSTEIN },
      stats: ['देश', 'केंद्रे', 'यशाचा दर'],
    },
    future: {
      title: 'भविष्य घडवा',
      subtitle: 'पदके, शिष्यवृत्ती आणि बरेच काही',
      description: 'पदके, शिष्यवृत्ती आणि ₹१० लाखांहून अधिक बक्षिसांमधील वाटा जिंका, आणि आयुष्यभर टिकणारा विज्ञानाचा प्रवास सुरू करा.',
      imageAlt: 'उगवत्या ताऱ्यांच्या आकाशाखाली सुवर्णपदक आणि दुर्बीण यांचे चित्र',
      quote: { quote: 'विज्ञान ही मानवतेला मिळालेली सुंदर देणगी आहे; आपण तिचा विपर्यास करू नये.', author: KALAM },
      stats: ['बक्षिसांची रक्कम', 'विजेते', 'शहरे'],
    },
  },
});

export const quotes: QuoteTexts = [
  { quote: 'ज्ञानापेक्षा कल्पनाशक्ती अधिक महत्त्वाची आहे. ज्ञानाला मर्यादा असतात; कल्पनाशक्ती संपूर्ण जगाला कवेत घेते.', author: EINSTEIN },
  { quote: 'स्वप्ने पाहा, स्वप्ने पाहा, स्वप्ने पाहा. स्वप्नांचे विचारांत रूपांतर होते आणि विचारांतून कृती घडते.', author: KALAM },
  { quote: 'माझ्याकडे कोणतीही विशेष प्रतिभा नाही. मी फक्त उत्कटतेने जिज्ञासू आहे.', author: EINSTEIN },
  { quote: 'विज्ञान ही मानवतेला मिळालेली सुंदर देणगी आहे; आपण तिचा विपर्यास करू नये.', author: KALAM },
  { quote: 'कालपासून शिका, आजसाठी जगा, उद्याची आशा बाळगा.', author: EINSTEIN },
];

export const eligibility = translateEligibility(
  'mr',
  (figures, timeline) => ({
    'age-groups': {
      title: 'वयोगट',
      items: [
        { label: 'Grade I', detail: 'इयत्ता V-VII, वय १०-१३' },
        { label: 'Grade II', detail: 'इयत्ता VIII-X, वय १३-१६' },
        { label: 'Grade III', detail: 'इयत्ता XI-XII+, वय १६-१८+' },
      ],
    },
    'global-participation': {
      title: 'जागतिक सहभाग',
      items: [
        { label: 'देश', detail: `${figures.countries} देशांतील विद्यार्थी` },
        { label: 'राष्ट्रीय व्याप्ती', detail: `भारतातील ${figures.states} राज्ये` },
        { label: 'केंद्रे', detail: `${figures.centres} परीक्षा केंद्रे` },
      ],
    },
    requirements: {
      title: 'आवश्यकता',
      items: [
        { label: 'शाळा', detail: 'इयत्ता V ते XII+ मध्ये प्रवेश घेतलेला असावा' },
        { label: 'मार्गदर्शक शिक्षक', detail: 'आपल्या शाळेतील मार्गदर्शक शिक्षकांमार्फत नोंदणी' },
        { label: 'कागदपत्रे', detail: 'फोटो आणि स्वाक्षरी (चित्रे, प्रत्येकी ५MB पर्यंत)' },
      ],
    },
    timeline: {
      title: 'स्पर्धेचे वेळापत्रक',
      items: [
        { label: 'नोंदणी', detail: timeline.registration },
        { label: 'प्राथमिक फेरी', detail: timeline.preliminary },
        { label: 'उपांत्य फेरी', detail: timeline.semiFinals },
        { label: 'अंतिम फेरी', detail: timeline.grandFinale },
      ],
    },
  }),
  { registration: 'जानेवारी - मार्च', preliminary: 'एप्रिल', semiFinals: 'मे', grandFinale: 'जून' },
);
