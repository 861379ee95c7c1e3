import { SIGNING_FOOTER } from './signing-footer.template';

/**
 * The certificate: name, school, category, level, edition, date and the verification QR code.
 * With a published result (`award`) its title and sentence say what was earned (participation,
 * a medal and rank, or qualifying for the next level); without one, participation in the stage.
 * For a Marathi or Hindi candidate the labels and the sentence of participation are in their
 * language with the English beneath; names and values as entered.
 */
export const CERTIFICATE_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Certificate {{candidate.code}}</title><style>{{{styles}}}</style>
<style>@page { size: A4 landscape; }</style></head>
<body class="certificate{{#if bilingual}} bilingual{{/if}}">
<div class="sheet">
  <header class="title">
    <p class="org">KBE Young Scientist Competition</p>
    <p class="doc">{{#if award}}{{label award.title}}{{else}}{{label "Certificate of Participation"}}{{/if}}</p>
    <p class="edition">{{#if bilingual}}{{localLabel "Edition"}} / {{/if}}Edition {{edition.year}}</p>
  </header>
  <p class="lead">{{label "This is to certify that"}}</p>
  <p class="name">{{candidate.name}}</p>
  {{#if award}}
  {{#if bilingual}}
  <p class="details"><span class="local" lang="{{language}}">{{localLabel "School"}}: {{candidate.school}}</span><span class="en">of {{candidate.school}}</span></p>
  <p class="details award"><span class="local" lang="{{language}}">{{award.local}}</span><span class="en">{{award.english}}</span></p>
  <p class="details"><span class="local" lang="{{language}}">{{localLabel "Candidate Code"}}: {{candidate.code}} · {{localLabel "Date"}}: {{issuedOn}}</span><span class="en">Candidate Code: {{candidate.code}} · Date: {{issuedOn}}</span></p>
  {{else}}
  <p class="details">of {{candidate.school}}</p>
  <p class="details award">{{award.english}}</p>
  <p class="details">Candidate Code: {{candidate.code}} · Date: {{issuedOn}}</p>
  {{/if}}
  {{else if sentence}}
  <p class="details"><span class="local" lang="{{language}}">{{localLabel "School"}}: {{candidate.school}}</span><span class="en">of {{candidate.school}}</span></p>
  <p class="details"><span class="local" lang="{{language}}">{{sentence.participated}} KBE Young Scientist Competition {{edition.year}} {{sentence.inEdition}} {{candidate.category}} {{sentence.inCategory}} {{candidate.level}} {{sentence.atLevel}}</span><span class="en">took part in the {{candidate.level}} level in the {{candidate.category}} category of the KBE Young Scientist Competition {{edition.year}}.</span></p>
  <p class="details"><span class="local" lang="{{language}}">{{localLabel "Candidate Code"}}: {{candidate.code}} · {{localLabel "Date"}}: {{issuedOn}}</span><span class="en">Candidate Code: {{candidate.code}} · Date: {{issuedOn}}</span></p>
  {{else}}
  <p class="details">of {{candidate.school}}</p>
  <p class="details">took part in the {{candidate.level}} level in the {{candidate.category}} category</p>
  <p class="details">of the KBE Young Scientist Competition {{edition.year}}.</p>
  <p class="details">Candidate Code: {{candidate.code}} · Date: {{issuedOn}}</p>
  {{/if}}
  ${SIGNING_FOOTER}
</div>
</body>
</html>`;
