import './styles.css';
import { marketingPath } from './lib/marketing-paths';

// Two entries share React: marketing pages load a light bundle without the
// router, query cache or i18next (budget: 80 KB gzipped); everything else loads
// the app, whose areas are lazy routes.
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const page = marketingPath(window.location.pathname);
if (page) {
  void import('./app/marketing-entry').then(({ mountMarketing }) => mountMarketing(root, page));
} else {
  void import('./app/spa-entry').then(({ mountSpa }) => mountSpa(root));
}
