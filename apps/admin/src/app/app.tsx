// Placeholder until the admin team fills in its pages. Keep the data-testid marker:
// the smoke tests use it to see that the admin remote was loaded.
export function App() {
  return (
    <main>
      <h1 data-testid="remote-admin">Admin</h1>
    </main>
  );
}

export default App;
