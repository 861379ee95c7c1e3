import { SIGNING_FOOTER } from './signing-footer.template';

/** The certificate: name, school, category, level, edition, date and the verification QR code. */
export const CERTIFICATE_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Certificate {{candidate.code}}</title><style>{{{styles}}}</style>
<style>@page { size: A4 landscape; }</style></head>
<body class="certificate">
<div class="sheet">
  <header class="title">
    <p class="org">KBE Young Scientist Competition</p>
    <p class="doc">Certificate of Participation</p>
    <p class="edition">Edition {{edition.year}}</p>
  </header>
  <p class="lead">This is to certify that</p>
  <p class="name">{{candidate.name}}</p>
  <p class="details">of {{candidate.school}}</p>
  <p class="details">took part in the {{candidate.level}} level in the {{candidate.category}} category</p>
  <p class="details">of the KBE Young Scientist Competition {{edition.year}}.</p>
  <p class="details">Candidate Code: {{candidate.code}} · Date: {{issuedOn}}</p>
  ${SIGNING_FOOTER}
</div>
</body>
</html>`;
