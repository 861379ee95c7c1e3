// Placeholder until the registration team fills in its pages. Keep the data-testid marker:
// the smoke tests use it to see that the registration remote was loaded.
export function App() {
  return (
    <main>
      <h1 data-testid="remote-registration">Online Registrations</h1>
    </main>
  );
}

export default App;
