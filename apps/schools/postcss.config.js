// Tailwind CSS 4 through PostCSS; picked up by postcss-loader in the Nx webpack build.
module.exports = {
  plugins: {
    '@tailwindcss/postcss': {},
  },
};
