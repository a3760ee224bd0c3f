/**
 * The most common passwords of at least 8 characters in public breach corpora (refused at sign-up, per
 * NIST SP 800-63B). Short on purpose: the length rule already removes the shorter ones.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '123123123', '987654321', '11111111', '00000000',
  '88888888', '87654321', '11223344', '12341234', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyuiop',
  'qwerty123', 'qwerty12', 'asdfghjkl', 'zxcvbnm1', 'password', 'password1', 'password12', 'password123',
  'password!', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa55word', 'iloveyou', 'iloveyou1', 'sunshine',
  'princess', 'football', 'football1', 'baseball', 'welcome1', 'welcome123', 'admin123', 'administrator',
  'letmein1', 'trustno1', 'superman', 'starwars', 'whatever', 'computer', 'michelle', 'jennifer',
  'liverpool', 'chelsea1', 'arsenal1', 'manchester', 'charlie1', 'qwertyui', 'abcd1234', 'abc12345',
  'abcdefgh', 'changeme', 'secret123', 'monkey123', 'dragon123', 'master123', 'shadow123', 'samsung1',
  'google123', 'access14', 'mustang1', 'internet', 'q1w2e3r4', 'q1w2e3r4t5', 'zaq12wsx', 'passport',
  'electric', 'electrician', 'sparkright', 'homeowner', 'london123', 'england1', 'summer2024', 'summer2025',
  'summer2026', 'winter2025', 'winter2026', 'autumn2026', 'spring2026', 'aa123456', 'a1234567', 'a12345678',
  'test1234', 'testtest', 'letmein123', 'loveyou1', 'hello123', 'freedom1', 'flower123', 'cookie123',
]);
