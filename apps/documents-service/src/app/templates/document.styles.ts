/**
 * Print CSS shared by the documents: A4 with fixed margins; Noto Sans installed on the machine
 * (Debian fonts-noto-core) and Noto Sans Devanagari embedded (devanagari-font.ts), so Marathi
 * and Hindi labels and names are real text; never a web font from the network.
 */
export const DOCUMENT_STYLES = `
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; }
body {
  font-family: 'Noto Sans', 'Noto Sans Devanagari', 'DejaVu Sans', 'Liberation Sans', sans-serif;
  font-size: 10.5pt; color: #111; line-height: 1.35;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
.sheet { border: 2px solid #1e3a8a; padding: 8mm; min-height: 270mm; position: relative; }
header.title { text-align: center; border-bottom: 2px solid #1e3a8a; padding-bottom: 4mm; margin-bottom: 5mm; }
header.title .org { font-size: 16pt; font-weight: 700; color: #1e3a8a; margin: 0; }
header.title .doc { font-size: 13pt; font-weight: 700; margin: 2mm 0 0; letter-spacing: 0.08em; text-transform: uppercase; }
header.title .edition { margin: 1mm 0 0; font-size: 10pt; }
.identity { display: flex; gap: 6mm; }
.identity table { flex: 1; border-collapse: collapse; }
.identity th, .identity td { text-align: left; padding: 1.4mm 2mm; border: 1px solid #cbd5e1; vertical-align: top; }
.identity th { width: 36%; background: #eff6ff; font-weight: 600; }
.boxes { width: 40mm; display: flex; flex-direction: column; gap: 4mm; }
.box { border: 1px solid #334155; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.box.photo { width: 40mm; height: 48mm; }
.box.signature { width: 40mm; height: 16mm; }
.box img { max-width: 100%; max-height: 100%; object-fit: contain; }
.box-label { font-size: 8pt; text-align: center; margin-top: -3mm; }
h2 { font-size: 11pt; margin: 6mm 0 2mm; color: #1e3a8a; }
ol.instructions { margin: 0; padding-left: 6mm; }
ol.instructions li { margin: 0.8mm 0; }
footer.sign { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 8mm; }
.qr { width: 30mm; text-align: center; font-size: 7pt; }
.qr svg { width: 30mm; height: 30mm; display: block; }
.authority { text-align: right; }
.authority .line { border-top: 1px solid #111; width: 60mm; margin-left: auto; padding-top: 1mm; font-weight: 600; }
.certificate .sheet { border: 6px double #b45309; text-align: center; padding: 14mm 12mm; }
/* A4 landscape leaves 186 mm between the margins: the portrait sheet's 270 mm made a second, blank page */
.certificate .sheet { min-height: 150mm; }
.certificate .lead { font-size: 12pt; margin-top: 10mm; }
.certificate .name { font-size: 24pt; font-weight: 700; margin: 4mm 0; color: #7c2d12; }
.certificate .details { font-size: 12pt; margin: 2mm 0; }
.certificate footer.sign { margin-top: 24mm; text-align: left; }
/* bilingual labels (Marathi or Hindi candidates): the candidate's language, the English beneath */
.local { display: block; letter-spacing: 0; text-transform: none; }
.en { display: block; font-size: 0.78em; font-weight: 400; color: #475569; }
header.title .doc .en { font-size: 0.62em; }
/* two lines a label: tighter, so the hall ticket stays one A4 page */
.bilingual .local, .bilingual .en { line-height: 1.15; }
.bilingual .identity th, .bilingual .identity td { padding: 0.7mm 2mm; }
.bilingual ol.instructions li { margin: 0.4mm 0; }
.bilingual footer.sign { margin-top: 5mm; }
/* an allocated seat adds four rows (two for Marathi and Hindi each): tighter still, so it stays one A4 page */
.sheet.seated { padding: 6mm 8mm; }
.seated header.title { padding-bottom: 2.5mm; margin-bottom: 3mm; }
.seated .identity th, .seated .identity td { padding: 0.9mm 2mm; }
.seated h2 { margin: 4mm 0 1.5mm; }
.seated ol.instructions { font-size: 10pt; }
.seated footer.sign { margin-top: 4mm; }
.seated .qr svg { width: 26mm; height: 26mm; margin: 0 auto; }
.bilingual .seated .identity th, .bilingual .seated .identity td { padding: 0.35mm 2mm; }
.bilingual .seated ol.instructions li { margin: 0.2mm 0; }
.bilingual .seated footer.sign { margin-top: 3mm; }
`;
