// Placeholder until the downloads team fills in its pages. Keep the data-testid marker:
// the smoke tests use it to see that the downloads remote was loaded.
export function App() {
  return (
    <main>
      <h1 data-testid="remote-downloads">Downloads</h1>
    </main>
  );
}

export default App;
