import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Field } from '../ui/Field.tsx';
import { Hero } from '../ui/Hero.tsx';
import { RawResults } from './RawResults.tsx';
import { rawCall } from './dev-tools.ts';
import type { RawResult } from './dev-tools.ts';

const ME = () => rawCall('GET /api/auth/me', 'GET', '/api/auth/me');
const DEBUG = () => rawCall('GET /api/debug-auth', 'GET', '/api/debug-auth');

/** Login test (seed point 2, development only): signs in as a customer or the admin and shows every raw answer. */
export function LoginTest() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [results, setResults] = useState<RawResult[]>([]);
  const run = async (call: () => Promise<RawResult>) => {
    const result = await call();
    setResults((previous) => [result, ...previous]);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => rawCall('POST /api/auth/login', 'POST', '/api/auth/login', { email, password }));
  };

  return (
    <>
      <Hero
        eyebrow="Developer tools"
        title="Login Test"
        lead="Signs in and shows the raw answers of the sign-in, current-user and debug calls. Development mode only."
      />
      <section className="section">
        <div className="container dev-page">
          <form className="card dev-form" noValidate onSubmit={submit}>
            <div className="form-grid">
              <Field form="login-test" name="email" label="Email address" error={undefined}>
                {(props) => <input {...props} type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />}
              </Field>
              <Field form="login-test" name="password" label="Password" error={undefined}>
                {(props) => <input {...props} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />}
              </Field>
            </div>
            <div className="dev-actions">
              <button type="submit" className="btn btn--primary">
                Customer sign-in
              </button>
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => void run(() => rawCall('POST /api/login', 'POST', '/api/login', { email, password }))}
              >
                Admin sign-in
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => void run(ME)}>
                Current user
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => void run(DEBUG)}>
                Debug
              </button>
              <button type="button" className="btn btn--secondary" onClick={() => void run(() => rawCall('POST /api/auth/logout', 'POST', '/api/auth/logout'))}>
                Sign out
              </button>
            </div>
          </form>
          <RawResults results={results} />
        </div>
      </section>
    </>
  );
}

/** Authentication test (seed point 2, development only): the current-user and debug calls, on opening and on demand. */
export function AuthTest() {
  const [results, setResults] = useState<RawResult[]>([]);
  const check = async () => {
    const [me, debug] = await Promise.all([ME(), DEBUG()]);
    setResults((previous) => [me, debug, ...previous]);
  };
  useEffect(() => {
    void check();
  }, []);

  return (
    <>
      <Hero eyebrow="Developer tools" title="Authentication Test" lead="What the server knows about this browser's session. Development mode only." />
      <section className="section">
        <div className="container dev-page">
          <div className="dev-actions">
            <button type="button" className="btn btn--primary" onClick={() => void check()}>
              Check again
            </button>
          </div>
          <RawResults results={results} />
        </div>
      </section>
    </>
  );
}
