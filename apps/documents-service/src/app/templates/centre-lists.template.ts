/**
 * The printed lists of a centre for its invigilators (docs/printed-lists.md), rendered with
 * handlebars (every value HTML-escaped; only the service's own CSS inserted as it is) on A4.
 * Their own styles beside the shared ones, which they do not change (those are part of every
 * cached hall ticket's version).
 */
export const CENTRE_LIST_STYLES = `
.centre-list { font-size: 9.5pt; }
.centre-list table { width: 100%; border-collapse: collapse; }
.centre-list th, .centre-list td { border: 1px solid #64748b; padding: 1mm 1.5mm; text-align: left; vertical-align: middle; }
.centre-list thead th { background: #eff6ff; font-weight: 600; }
.centre-list thead { display: table-header-group; }
.centre-list tr { break-inside: avoid; page-break-inside: avoid; }
.centre-list thead tr.heading th { background: #fff; border: none; border-bottom: 2px solid #1e3a8a; padding: 0 0 2mm; font-weight: 400; }
.centre-list .org { font-size: 9pt; color: #475569; }
.centre-list .list-title { font-size: 13pt; font-weight: 700; color: #1e3a8a; }
.centre-list .list-meta { font-size: 10pt; margin-top: 0.5mm; }
.centre-list .list-meta strong { font-weight: 700; }
.centre-list .nowrap { white-space: nowrap; }
.room-sheet { break-after: page; }
.room-sheet:last-child { break-after: auto; }
table.attendance { table-layout: fixed; }
table.attendance col.n { width: 11mm; }
table.attendance col.photo { width: 15mm; }
table.attendance col.roll { width: 36mm; }
table.attendance col.category { width: 17mm; }
table.attendance col.signature { width: 36mm; }
table.attendance col.omr { width: 28mm; }
table.attendance tbody td { height: 17mm; overflow-wrap: anywhere; }
table.attendance td.photo { padding: 0.5mm; text-align: center; }
table.attendance td.photo .frame { width: 12mm; height: 15mm; border: 1px solid #94a3b8; margin: 0 auto; overflow: hidden; }
table.attendance td.photo img { width: 12mm; height: 15mm; object-fit: cover; display: block; }
table.attendance td.roll { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 9pt; }
.invigilators { break-inside: avoid; margin-top: 6mm; }
.invigilators .counts { display: flex; gap: 12mm; margin-bottom: 8mm; }
.invigilators .signs { display: flex; justify-content: space-between; gap: 8mm; }
.invigilators .sign { flex: 1; border-top: 1px solid #111; padding-top: 1mm; font-size: 9pt; }
.door-list .paper { break-inside: avoid; margin-bottom: 8mm; }
.door-list h2, .summary h2 { font-size: 12pt; margin: 4mm 0 2mm; color: #1e3a8a; }
.door-list table { font-size: 14pt; }
.door-list td.roll { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-weight: 700; }
.summary table { margin-bottom: 5mm; }
.summary td.number, .summary th.number { text-align: right; }
.summary tr.total td { font-weight: 700; }
`;

const HEADING = `<div class="org">KBE Young Scientist Competition</div>`;

/** Attendance sheets: one section per room of a paper (a new page each), rows in roll-number order. */
export const ATTENDANCE_SHEET_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Attendance sheets {{centre.code}}</title><style>{{{styles}}}</style></head>
<body class="centre-list">
{{#each sheets}}
<section class="room-sheet">
  <table class="attendance">
    <colgroup><col class="n"><col class="photo"><col class="name"><col class="roll"><col class="category"><col class="signature"><col class="omr"></colgroup>
    <thead>
      <tr class="heading"><th colspan="7">
        ${HEADING}
        <div class="list-title">Attendance sheet · {{../centre.name}} ({{../centre.code}})</div>
        <div class="list-meta"><strong>Room {{room}}</strong> · Paper: {{paper.level}}{{#if paper.category}} {{paper.category}}{{/if}} · {{paper.date}} at {{paper.startTime}} (reporting {{paper.reportingTime}}) · Candidates: {{rows.length}} · Roll numbers <span class="nowrap">{{first}}</span> to <span class="nowrap">{{last}}</span></div>
      </th></tr>
      <tr><th>Seat</th><th>Photo</th><th>Name</th><th>Roll No.</th><th>Category</th><th>Candidate's signature</th><th>OMR sheet No.</th></tr>
    </thead>
    <tbody>
      {{#each rows}}
      <tr><td>{{seatInRoom}}</td><td class="photo"><div class="frame">{{#if photo}}<img src="{{photo}}" alt="">{{/if}}</div></td><td>{{name}}</td><td class="roll">{{rollNumber}}</td><td>{{category}}</td><td></td><td></td></tr>
      {{/each}}
    </tbody>
  </table>
  <div class="invigilators">
    <div class="counts"><span>Present: ________</span><span>Absent: ________</span><span>Total: {{rows.length}}</span></div>
    <div class="signs">
      <div class="sign">Invigilator 1: name and signature</div>
      <div class="sign">Invigilator 2: name and signature</div>
      <div class="sign">Centre superintendent: signature</div>
    </div>
  </div>
</section>
{{/each}}
</body>
</html>`;

/** The door list: for each paper, which room a roll number sits in. */
export const DOOR_LIST_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Door list {{centre.code}}</title><style>{{{styles}}}</style></head>
<body class="centre-list door-list">
${HEADING}
<div class="list-title">Door list · {{centre.name}} ({{centre.code}})</div>
<div class="list-meta">{{centre.address}}</div>
{{#each papers}}
<div class="paper">
  <h2>{{level}}{{#if category}} {{category}}{{/if}} · {{date}} at {{startTime}} (reporting {{reportingTime}})</h2>
  <table>
    <thead><tr><th>Room</th><th>Roll numbers from</th><th>to</th><th>Candidates</th></tr></thead>
    <tbody>
      {{#each rooms}}<tr><td>{{name}}</td><td class="roll">{{first}}</td><td class="roll">{{last}}</td><td>{{count}}</td></tr>{{/each}}
    </tbody>
  </table>
</div>
{{/each}}
</body>
</html>`;

/** The summary: rooms and their capacity, seats used per paper. */
export const CENTRE_SUMMARY_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Summary {{centre.code}}</title><style>{{{styles}}}</style></head>
<body class="centre-list summary">
${HEADING}
<div class="list-title">Centre summary · {{centre.name}} ({{centre.code}})</div>
<div class="list-meta">{{centre.address}} · {{centre.taluka}}, {{centre.district}} · {{rooms.length}} rooms, {{capacity}} seats</div>
<h2>Papers</h2>
<table>
  <thead><tr><th>Paper</th><th>Date and time</th><th class="number">Rooms used</th><th class="number">Candidates</th><th class="number">Seats in its rooms</th></tr></thead>
  <tbody>
    {{#each papers}}<tr><td>{{level}}{{#if category}} {{category}}{{/if}}</td><td>{{date}} at {{startTime}}</td><td class="number">{{rooms.length}}</td><td class="number">{{count}}</td><td class="number">{{capacity}}</td></tr>{{/each}}
    <tr class="total"><td colspan="3">Total</td><td class="number">{{count}}</td><td></td></tr>
  </tbody>
</table>
<h2>Rooms</h2>
<table>
  <thead><tr><th>Room</th><th class="number">Capacity</th>{{#each papers}}<th class="number">{{level}}{{#if category}} {{category}}{{/if}}<br>{{date}} {{startTime}}</th>{{/each}}</tr></thead>
  <tbody>
    {{#each rooms}}<tr><td>{{name}}</td><td class="number">{{capacity}}</td>{{#each used}}<td class="number">{{this}}</td>{{/each}}</tr>{{/each}}
  </tbody>
</table>
</body>
</html>`;
