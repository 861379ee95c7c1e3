// मराठी: the contact page's response promises, FAQ and office hours.
import { translateContact } from '../contact.translation';

export default translateContact('mr', {
  responsePromises: [
    { topic: 'सर्वसाधारण चौकशी', promise: '२४ तासांच्या आत' },
    { topic: 'नोंदणीसाठी मदत', promise: '४ तासांच्या आत' },
    { topic: 'तांत्रिक अडचणी', promise: '२ तासांच्या आत' },
    { topic: 'तातडीच्या बाबी', promise: 'आम्हाला थेट फोन करा' },
  ],
  hours: 'सोम-शनि सकाळी ९ ते सायं. ५ (IST)',
  faq: (t) => [
    {
      question: 'कोण सहभागी होऊ शकते?',
      answer: 'इयत्ता V ते XII+ चे विद्यार्थी, तीन गटांत: Grade I (इयत्ता V-VII), Grade II (इयत्ता VIII-X) आणि Grade III (इयत्ता XI-XII+). विद्यार्थी Prime, Sec आणि High या श्रेणींमध्ये स्पर्धा करतात.',
    },
    {
      question: 'परीक्षा कधी होतात?',
      answer: `Mains ${t.mainsExamDate} रोजी आणि Advanced ${t.advancedExamDate} रोजी होते. गुणवत्तेनुसार निवडलेल्या विद्यार्थ्यांसाठी Super Advanced ${t.superAdvancedExam} मध्ये होते.`,
    },
    {
      question: 'अभ्यासक्रम काय आहे?',
      answer: 'चालू वर्षाचे ५०% गणित आणि विज्ञान (PCB), ऑलिम्पियाड आधारित २५% महत्त्वाचे प्रश्न, २५% चरित्र आणि संशोधन. परीक्षा पानावर विभागवार भारांश दिला आहे.',
    },
    {
      question: 'बक्षिसे कोणती आहेत?',
      answer: 'पहिले बक्षीस: पदक आणि मासिक शिष्यवृत्तीसह दुर्बीण; दुसरे बक्षीस: सूक्ष्मदर्शक; तिसरे बक्षीस: द्विनेत्री; सर्वोत्तम विद्यार्थ्यांना चषक आणि शिष्यवृत्ती. ISRO आणि NASA सफरी एकाच ठिकाणी ७ दिवसांच्या असतात.',
    },
    {
      question: 'नोंदणी कशी करावी?',
      answer: `आधी आपली शाळा नोंदणी करते आणि तिला शाळा कोड मिळतो, त्या कोडने मार्गदर्शक शिक्षक नोंदणी करतात, त्यानंतर विद्यार्थी मार्गदर्शक शिक्षक कोडने ऑनलाइन नोंदणी करतात. Mains चे शुल्क ${t.feeRange} आहे; नोंदणी ${t.deadline} रोजी बंद होईल.`,
    },
  ],
});
