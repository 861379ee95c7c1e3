// मराठी: the exams page's formats, dates, fees and syllabus.
import { translateExams } from '../exams.translation';

export default translateExams('mr', {
  formats: {
    mains: { duration: '९० मिनिटे', questions: '१०० बहुपर्यायी प्रश्न', marks: '१०० गुण', mode: 'ऑफलाइन OMR', pageDuration: '३ तास', pageMarks: '१०० गुण' },
    advanced: { duration: '१२० मिनिटे', questions: '१५० बहुपर्यायी प्रश्न', marks: '१५० गुण', mode: 'ऑफलाइन OMR', pageDuration: '१२० मिनिटे', pageMarks: '१५० गुण' },
    'super-advanced': { duration: '१५० मिनिटे', questions: '२०० बहुपर्यायी प्रश्न', marks: '२०० गुण', mode: 'ऑफलाइन OMR', pageDuration: '१५० मिनिटे', pageMarks: '२०० गुण' },
  },
  syllabus: [
    'अल्बर्ट आइन्स्टाइन यांचे चरित्र',
    'पर्यावरण विज्ञान',
    'क्वांटम सिद्धांत',
    'गणित आणि तार्किक विचार',
    'अंतराळ तंत्रज्ञान',
    'जागतिक शांतता आणि विज्ञान (शस्त्रे)',
  ],
  schedules: {
    advancedFee: 'शुल्क नाही: पात्रतेनुसार',
    superAdvancedRegistration: 'गुणवत्तेनुसार',
    superAdvancedFee: 'शुल्क नाही: गुणवत्तेनुसार',
  },
});
