// A reporter for node's test runner that writes only the counts, in the shape of jest's JSON
// report, so `npm test` adds up every runner's results the same way (tools/test/test-report.mjs).
// Suites are not counted (their tests are); a test cancelled by a failing hook counts as failed.
export default async function* countTests(source) {
  const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numRuntimeErrorTestSuites: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { details, skip, todo } = event.data;
    if (details?.type === 'suite') continue;
    if (todo) counts.numTodoTests += 1;
    else if (skip) counts.numPendingTests += 1;
    else if (event.type === 'test:pass') counts.numPassedTests += 1;
    else counts.numFailedTests += 1;
  }
  yield `${JSON.stringify(counts)}\n`;
}
