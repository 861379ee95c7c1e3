/**
 * Print CSS of a school's results report beside the shared document styles (which it does not
 * change: they are part of every cached hall ticket's and certificate's version). A4, several pages.
 */
export const SCHOOL_RESULTS_STYLES = `
.school-results header.title .doc { text-transform: none; letter-spacing: 0; }
.school-results .counts { display: flex; flex-wrap: wrap; gap: 3mm; margin: 0 0 4mm; padding: 0; list-style: none; }
.school-results .counts li { border: 1px solid #cbd5e1; border-radius: 1.5mm; padding: 1.5mm 3mm; background: #f8fafc; }
.school-results .counts strong { font-size: 12pt; color: #1e3a8a; margin-right: 1.5mm; }
.school-results h2 { break-after: avoid; border-bottom: 1px solid #cbd5e1; padding-bottom: 1mm; }
.school-results table { width: 100%; border-collapse: collapse; margin: 0 0 3mm; font-size: 9pt; }
.school-results thead { display: table-header-group; }
.school-results th, .school-results td { text-align: left; padding: 1mm 1.5mm; border: 1px solid #cbd5e1; vertical-align: top; overflow-wrap: anywhere; }
.school-results th { background: #eff6ff; font-weight: 600; }
.school-results td.number, .school-results th.number { text-align: right; white-space: nowrap; }
.school-results tr { break-inside: avoid; }
.school-results .none { color: #475569; margin: 0 0 2mm; }
`;

/**
 * A school's (or a mentor's) report of a level's published results: the counts on top, then one
 * table per category in rank order. Rendered with handlebars, every value HTML-escaped (only the
 * service's own CSS is inserted as it is).
 */
export const SCHOOL_RESULTS_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>{{title}}</title><style>{{{styles}}}</style></head>
<body class="school-results">
<header class="title">
  <p class="org">KBE Young Scientist Competition {{year}}</p>
  <p class="doc">{{title}}</p>
  <p class="edition">{{school}}{{#if mentorCode}} · Mentor {{mentorCode}}{{/if}} · Generated on {{generatedAt}}</p>
</header>

<ul class="counts">
  {{#each counts}}<li><strong>{{value}}</strong>{{label}}</li>{{/each}}
</ul>

{{#each categories}}
<h2>{{title}}</h2>
<table>
  <thead><tr>{{#each ../columns}}<th{{#if number}} class="number"{{/if}}>{{label}}</th>{{/each}}</tr></thead>
  <tbody>
  {{#each rows}}
  <tr>{{#each this}}<td{{#if number}} class="number"{{/if}}>{{text}}</td>{{/each}}</tr>
  {{/each}}
  </tbody>
</table>
{{else}}
<p class="none">No results.</p>
{{/each}}
</body>
</html>`;
