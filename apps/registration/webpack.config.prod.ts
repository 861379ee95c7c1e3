export { default } from './webpack.config';
