import { HeadContent, Link, Outlet, createRootRoute } from '@tanstack/react-router';
import { ReloadPrompt } from '../components/ReloadPrompt.tsx';
import { businessName } from '../lib/head.ts';

export const Route = createRootRoute({
  // Every page matches root plus its own route; root alone means nothing matched, i.e. the 404 page.
  head: ({ matches }) => ({
    meta: [{ title: matches.length > 1 ? businessName : `Page Not Found | ${businessName}` }],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

// Link marks itself active (aria-current="page"); the home page and its anchors only count when the hash matches too.
const sameHash = { exact: true, includeHash: true };

function RootLayout() {
  return (
    <>
      <HeadContent />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <Link to="/" className="brand" activeOptions={sameHash}>
          {businessName}
        </Link>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link to="/" activeOptions={sameHash}>
                Home
              </Link>
            </li>
            <li>
              <Link to="/customer-portal">
                Customer Portal
              </Link>
            </li>
            <li>
              <Link to="/" hash="services" activeOptions={sameHash}>
                Services
              </Link>
            </li>
            <li>
              <Link to="/" hash="about" activeOptions={sameHash}>
                About
              </Link>
            </li>
            <li>
              <Link to="/" hash="contact" activeOptions={sameHash}>
                Contact
              </Link>
            </li>
          </ul>
        </nav>
      </header>
      <main id="main">
        <Outlet />
      </main>
      <footer className="site-footer">
        <p>
          © {businessName}. Registered in England &amp; Wales.
        </p>
        <ul>
          <li>
            <Link to="/faq">FAQ</Link>
          </li>
          <li>
            <Link to="/support">Support</Link>
          </li>
          <li>
            <Link to="/privacy-policy">Privacy Policy</Link>
          </li>
        </ul>
      </footer>
      <ReloadPrompt />
    </>
  );
}

function NotFound() {
  return (
    <section className="placeholder">
      <h1>Page Not Found</h1>
      <p>Did you forget to add the page to the router?</p>
      <p>
        <Link to="/">Back to the home page</Link>
      </p>
    </section>
  );
}
