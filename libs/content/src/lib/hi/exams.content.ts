// हिन्दी: the exams page's formats, dates, fees and syllabus.
import { translateExams } from '../exams.translation';

export default translateExams('hi', {
  formats: {
    mains: { duration: '90 मिनट', questions: '100 बहुविकल्पीय प्रश्न', marks: '100 अंक', mode: 'ऑफ़लाइन OMR', pageDuration: '3 घंटे', pageMarks: '100 अंक' },
    advanced: { duration: '120 मिनट', questions: '150 बहुविकल्पीय प्रश्न', marks: '150 अंक', mode: 'ऑफ़लाइन OMR', pageDuration: '120 मिनट', pageMarks: '150 अंक' },
    'super-advanced': { duration: '150 मिनट', questions: '200 बहुविकल्पीय प्रश्न', marks: '200 अंक', mode: 'ऑफ़लाइन OMR', pageDuration: '150 मिनट', pageMarks: '200 अंक' },
  },
  syllabus: [
    'अल्बर्ट आइंस्टाइन की जीवनी',
    'पर्यावरण विज्ञान',
    'क्वांटम सिद्धांत',
    'गणित और तार्किक क्षमता',
    'अंतरिक्ष प्रौद्योगिकी',
    'विश्व शांति और विज्ञान (हथियार)',
  ],
  schedules: {
    advancedFee: 'कोई शुल्क नहीं: योग्यता के आधार पर',
    superAdvancedRegistration: 'मेरिट के आधार पर',
    superAdvancedFee: 'कोई शुल्क नहीं: मेरिट के आधार पर',
  },
});
