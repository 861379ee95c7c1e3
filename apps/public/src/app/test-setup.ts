import '@testing-library/jest-dom';

// jsdom does not implement scrolling; pages scroll to the top or to a #fragment after navigation.
if (typeof window !== 'undefined') {
  window.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = function scrollIntoView() {
    return undefined;
  };
}
