// Async boundary: shared singletons (react, the router, @kbe/*) are negotiated with the
// federation runtime before any of them is used.
import('./bootstrap').catch((error: unknown) => console.error(error));
