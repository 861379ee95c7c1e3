import type { CandidateLanguage, CertificateKind, Medal } from '@kbe/contracts';

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
  'Certificate of Merit': { mr: 'गुणवत्ता प्रमाणपत्र', hi: 'मेरिट प्रमाणपत्र' },
  'Advanced Qualifying E-Certificate': { mr: 'Advanced पात्रता ई-प्रमाणपत्र', hi: 'Advanced अर्हता ई-प्रमाणपत्र' },
  'Super Advanced Qualifying E-Certificate': { mr: 'Super Advanced पात्रता ई-प्रमाणपत्र', hi: 'Super Advanced अर्हता ई-प्रमाणपत्र' },
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

/**
 * A certificate of a published result: what it says was earned, in each language, around the
 * printed values (`{year}`, `{category}`, `{level}`, `{rank}`, `{medal}`, `{nextLevel}`). The
 * Marathi and Hindi participation sentence is the one of CERTIFICATE_SENTENCE.
 */
export const AWARD_SENTENCES: Readonly<Record<CandidateLanguage, Readonly<Record<CertificateKind, string>>>> = {
  en: {
    participation: 'participated in the {level} level in the {category} category of the KBE Young Scientist Competition {year}.',
    merit: 'was awarded the {medal}, rank {rank} in the {category} category, {level} level, of the KBE Young Scientist Competition {year}.',
    qualifying: 'qualified at the {level} level in the {category} category for the {nextLevel} level of the KBE Young Scientist Competition {year}.',
  },
  mr: {
    participation: 'यांनी KBE Young Scientist Competition {year} मध्ये {category} श्रेणीत {level} स्तरावर सहभाग घेतला.',
    merit: 'यांनी KBE Young Scientist Competition {year} मध्ये {category} श्रेणीत {level} स्तरावर क्रमांक {rank} सह {medal} मिळवले.',
    qualifying: 'यांनी KBE Young Scientist Competition {year} मध्ये {category} श्रेणीत {level} स्तरावर {nextLevel} स्तरासाठी पात्रता मिळवली.',
  },
  hi: {
    participation: 'ने KBE Young Scientist Competition {year} में {category} श्रेणी में {level} स्तर पर भाग लिया।',
    merit: 'ने KBE Young Scientist Competition {year} में {category} श्रेणी में {level} स्तर पर रैंक {rank} के साथ {medal} प्राप्त किया।',
    qualifying: 'ने KBE Young Scientist Competition {year} में {category} श्रेणी में {level} स्तर पर {nextLevel} स्तर के लिए अर्हता प्राप्त की।',
  },
};

/** The medals as the merit sentence names them. */
export const MEDAL_NAMES: Readonly<Record<CandidateLanguage, Readonly<Record<Medal, string>>>> = {
  en: { gold: 'Gold medal', silver: 'Silver medal', bronze: 'Bronze medal' },
  mr: { gold: 'सुवर्णपदक', silver: 'रौप्यपदक', bronze: 'कांस्यपदक' },
  hi: { gold: 'स्वर्ण पदक', silver: 'रजत पदक', bronze: 'कांस्य पदक' },
};
