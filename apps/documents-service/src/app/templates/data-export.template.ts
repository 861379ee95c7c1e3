/**
 * Print CSS of the data export beside the shared document styles (which it does not change: they
 * are part of every cached hall ticket's and certificate's version). A4, several pages.
 */
export const DATA_EXPORT_STYLES = `
.data-export header.title .doc { text-transform: none; letter-spacing: 0; }
.data-export .intro { margin: 0 0 2mm; }
.data-export h2 { break-after: avoid; border-bottom: 1px solid #cbd5e1; padding-bottom: 1mm; }
.data-export h3 { font-size: 10pt; margin: 4mm 0 1.5mm; break-after: avoid; }
.data-export table { width: 100%; border-collapse: collapse; margin: 0 0 2mm; }
.data-export th, .data-export td { text-align: left; padding: 1.2mm 2mm; border: 1px solid #cbd5e1; vertical-align: top; overflow-wrap: break-word; }
.data-export th { background: #eff6ff; font-weight: 600; }
.data-export table.fields th { width: 36%; }
.data-export table.requests { font-size: 9pt; table-layout: fixed; }
.data-export table.requests th:nth-child(2) { width: 24%; }
.data-export table.requests th:nth-child(3) { width: 9%; }
.data-export table.requests th:is(:nth-child(1), :nth-child(4), :nth-child(5), :nth-child(6), :nth-child(7)) { width: 13.4%; }
.data-export tr { break-inside: avoid; }
.data-export .files { display: flex; gap: 10mm; }
.data-export .files .box { font-size: 9pt; color: #475569; }
.data-export .files .box-label { margin-top: 1mm; }
.data-export .none { color: #475569; margin: 0 0 2mm; }
.data-export ul.elsewhere { margin: 0; padding-left: 6mm; }
.data-export ul.elsewhere li { margin: 1mm 0; }
`;

/**
 * Everything held about a candidate, readable (DPDP Act 2023, section 11): rendered with
 * handlebars, every value HTML-escaped (only the service's own CSS is inserted as it is).
 */
export const DATA_EXPORT_TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Data held about candidate {{candidateCode}}</title><style>{{{styles}}}</style></head>
<body class="data-export">
<header class="title">
  <p class="org">KBE Young Scientist Competition</p>
  <p class="doc">Data held about candidate {{candidateCode}}</p>
  <p class="edition">Generated on {{generatedAt}} · Registered on {{registeredAt}}</p>
</header>
<p class="intro">Everything the organisers hold about this candidate, as asked for by the parent or guardian (Digital Personal Data Protection Act 2023, section 11).</p>

<h2>Registration</h2>
{{#each registration}}
<h3>{{title}}</h3>
<table class="fields">
  {{#each rows}}<tr><th>{{label}}</th><td>{{value}}</td></tr>{{/each}}
</table>
{{/each}}

<h2>The organisers' record</h2>
<table class="fields">
  {{#each organiserRecord}}<tr><th>{{label}}</th><td>{{value}}</td></tr>{{/each}}
</table>

<h2>Photo and signature</h2>
<div class="files">
  {{#each files}}
  <div>
    <div class="box {{kind}}">{{#if image}}<img src="{{image}}" alt="{{label}} of the candidate">{{else}}Erased{{/if}}</div>
    <div class="box-label">{{label}}</div>
  </div>
  {{/each}}
</div>

<h2>Consent</h2>
<table class="fields">
  {{#each consent}}<tr><th>{{label}}</th><td>{{value}}</td></tr>{{/each}}
</table>

<h2>Requests</h2>
{{#if requests.length}}
<table class="requests">
  <tr><th>Request</th><th>Details</th><th>Status</th><th>Asked on</th><th>Answer due</th><th>Handled</th><th>Resolution</th></tr>
  {{#each requests}}
  <tr><td>{{id}}<br>{{kind}}</td><td>{{details}}</td><td>{{status}}</td><td>{{requestedAt}}</td><td>{{dueAt}}</td><td>{{handled}}</td><td>{{resolution}}</td></tr>
  {{/each}}
</table>
{{else}}
<p class="none">No requests.</p>
{{/if}}

<h2>Kept elsewhere</h2>
{{#if elsewhere.length}}
<ul class="elsewhere">
  {{#each elsewhere}}<li>{{this}}</li>{{/each}}
</ul>
{{else}}
<p class="none">Nowhere else.</p>
{{/if}}
</body>
</html>`;
