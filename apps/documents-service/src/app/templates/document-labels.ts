import type { CandidateLanguage } from '@kbe/contracts';

type Translated = Readonly<Record<Exclude<CandidateLanguage, 'en'>, string>>;

/**
 * The printed labels in Marathi and Hindi, keyed by their English text (which the templates
 * print as it is): a Marathi or Hindi candidate's documents show each label in their language
 * with the English beneath. Terms as docs/glossary.md writes them (प्रवेशपत्र, प्रमाणपत्र, विद्यार्थी, श्रेणी, बैठक क्रमांक); level names
 * (Mains, Advanced, Super Advanced), names and values are printed as entered.
 */
export const DOCUMENT_LABELS = {
  'Hall Ticket': { mr: 'प्रवेशपत्र', hi: 'प्रवेशपत्र' },
  'Certificate of Participation': { mr: 'सहभाग प्रमाणपत्र', hi: 'सहभागिता प्रमाणपत्र' },
  Edition: { mr: 'आवृत्ती', hi: 'संस्करण' },
  'Candidate Name': { mr: 'विद्यार्थ्याचे नाव', hi: 'विद्यार्थी का नाम' },
  "Father's Name": { mr: 'वडिलांचे नाव', hi: 'पिता का नाम' },
  "Mother's Name": { mr: 'आईचे नाव', hi: 'माता का नाम' },
  'Candidate Code': { mr: 'विद्यार्थी क्रमांक', hi: 'विद्यार्थी क्रमांक' },
  Category: { mr: 'श्रेणी', hi: 'श्रेणी' },
  Standard: { mr: 'इयत्ता', hi: 'कक्षा' },
  School: { mr: 'शाळा', hi: 'विद्यालय' },
  Stage: { mr: 'स्तर', hi: 'स्तर' },
  Centre: { mr: 'परीक्षा केंद्र', hi: 'परीक्षा केंद्र' },
  'Seat Number': { mr: 'आसन क्रमांक', hi: 'आसन क्रमांक' },
  'Exam Time': { mr: 'परीक्षेची वेळ', hi: 'परीक्षा का समय' },
  'Roll No.': { mr: 'बैठक क्रमांक', hi: 'अनुक्रमांक' },
  Room: { mr: 'परीक्षा कक्ष', hi: 'परीक्षा कक्ष' },
  'Centre Address': { mr: 'परीक्षा केंद्राचा पत्ता', hi: 'परीक्षा केंद्र का पता' },
  'Reporting Time': { mr: 'हजर राहण्याची वेळ', hi: 'उपस्थिति का समय' },
  Photo: { mr: 'छायाचित्र', hi: 'छायाचित्र' },
  Signature: { mr: 'स्वाक्षरी', hi: 'हस्ताक्षर' },
  'Instructions to the candidate': { mr: 'विद्यार्थ्यासाठी सूचना', hi: 'विद्यार्थी के लिए निर्देश' },
  'Scan to verify': { mr: 'पडताळणीसाठी स्कॅन करा', hi: 'सत्यापन के लिए स्कैन करें' },
  'Signing Authority': { mr: 'स्वाक्षरी अधिकारी', hi: 'हस्ताक्षरकर्ता अधिकारी' },
  Date: { mr: 'दिनांक', hi: 'दिनांक' },
  'This is to certify that': { mr: 'प्रमाणित करण्यात येते की', hi: 'प्रमाणित किया जाता है कि' },
} as const satisfies Record<string, Translated>;

export type DocumentLabel = keyof typeof DOCUMENT_LABELS;

/**
 * The certificate's sentence of participation around the printed values, in the order each
 * language says it: "<name> / School: <school> / <participated> KBE Young Scientist Competition
 * <year> <inEdition> <category> <inCategory> <level> <atLevel>".
 */
export const CERTIFICATE_SENTENCE: Readonly<Record<Exclude<CandidateLanguage, 'en'>, { participated: string; inEdition: string; inCategory: string; atLevel: string }>> = {
  mr: { participated: 'यांनी', inEdition: 'मध्ये', inCategory: 'श्रेणीत', atLevel: 'स्तरावर सहभाग घेतला.' },
  hi: { participated: 'ने', inEdition: 'में', inCategory: 'श्रेणी में', atLevel: 'स्तर पर भाग लिया।' },
};
