// Placeholder until the public team fills in its pages. Keep the data-testid marker:
// the smoke tests use it to see that the public remote was loaded.
export function App() {
  return (
    <main>
      <h1 data-testid="remote-public">Einstein Quest</h1>
    </main>
  );
}

export default App;
