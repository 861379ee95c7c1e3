import { SIGNING_FOOTER } from './signing-footer.template';

/**
 * The hall ticket (spec section 9): one A4 page. Rendered with handlebars (HTML-escaped).
 * `{{label "..."}}` prints an English label as it is, or for a Marathi or Hindi candidate in
 * their language with the English beneath (document-labels.ts). With a seat allocated
 * (exams-service), the seat number row is the roll number's, with the centre's address, the room and
 * the reporting time; without one the rows are the spec's (TBA where missing).
 */
export const HALL_TICKET_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Hall Ticket {{candidate.code}}</title><style>{{{styles}}}</style></head>
<body{{#if bilingual}} class="bilingual"{{/if}}>
<div class="sheet{{#if candidate.seat}} seated{{/if}}">
  <header class="title">
    <p class="org">KBE Young Scientist Competition</p>
    <p class="doc">{{label "Hall Ticket"}}</p>
    <p class="edition">{{#if bilingual}}{{localLabel "Edition"}} / {{/if}}Edition {{edition.year}} · {{candidate.stage}}</p>
  </header>
  <section class="identity">
    <table>
      <tr><th>{{label "Candidate Name"}}</th><td>{{candidate.name}}</td></tr>
      <tr><th>{{label "Father's Name"}}</th><td>{{candidate.fatherName}}</td></tr>
      <tr><th>{{label "Mother's Name"}}</th><td>{{candidate.motherName}}</td></tr>
      <tr><th>{{label "Candidate Code"}}</th><td>{{candidate.code}}</td></tr>
      <tr><th>{{label "Category"}}</th><td>{{candidate.category}}</td></tr>
      <tr><th>{{label "Standard"}}</th><td>{{candidate.standard}}</td></tr>
      <tr><th>{{label "School"}}</th><td>{{candidate.school}}</td></tr>
      <tr><th>{{label "Stage"}}</th><td>{{candidate.stage}}</td></tr>
      <tr><th>{{label "Centre"}}</th><td>{{candidate.centre}}</td></tr>
      {{#if candidate.seat}}
      <tr><th>{{label "Centre Address"}}</th><td>{{candidate.seat.centreAddress}}</td></tr>
      <tr><th>{{label "Roll No."}}</th><td>{{candidate.seat.rollNumber}}</td></tr>
      <tr><th>{{label "Room"}}</th><td>{{candidate.seat.room}}</td></tr>
      <tr><th>{{label "Exam Time"}}</th><td>{{candidate.examTime}}</td></tr>
      <tr><th>{{label "Reporting Time"}}</th><td>{{candidate.seat.reportingTime}}</td></tr>
      {{else}}
      <tr><th>{{label "Seat Number"}}</th><td>{{candidate.seatNumber}}</td></tr>
      <tr><th>{{label "Exam Time"}}</th><td>{{candidate.examTime}}</td></tr>
      {{/if}}
    </table>
    <div class="boxes">
      <div class="box photo">{{#if photo}}<img src="{{photo}}" alt="Photo of the candidate">{{/if}}</div>
      <div class="box-label">{{label "Photo"}}</div>
      <div class="box signature">{{#if signature}}<img src="{{signature}}" alt="Signature of the candidate">{{/if}}</div>
      <div class="box-label">{{label "Signature"}}</div>
    </div>
  </section>
  <h2>{{label "Instructions to the candidate"}}</h2>
  <ol class="instructions">
    {{#each instructions}}<li>{{this}}</li>{{/each}}
  </ol>
  ${SIGNING_FOOTER}
</div>
</body>
</html>`;
