import { personalizedSample } from '../personalValues';
import { sandboxClientIdOf } from '../sandboxClientIdClaim';

const CLAIM = 'sandbox_client_id';

describe('sandboxClientIdOf', () => {
  it('takes userinfo first, then the ID token', () => {
    expect(sandboxClientIdOf(CLAIM, { [CLAIM]: 'from-userinfo' }, { [CLAIM]: 'from-id-token' })).toBe('from-userinfo');
    expect(sandboxClientIdOf(CLAIM, { sub: 'developer' }, { [CLAIM]: 'sandbox-demo' })).toBe('sandbox-demo');
    expect(sandboxClientIdOf(CLAIM, undefined, { [CLAIM]: 'sandbox-demo' })).toBe('sandbox-demo');
  });

  it('reads the claim the setting names, and no other', () => {
    const claims = { [CLAIM]: 'sandbox-demo', 'https://clearing.example/sandbox': 'namespaced' };
    expect(sandboxClientIdOf('https://clearing.example/sandbox', claims)).toBe('namespaced');
    expect(sandboxClientIdOf('client_id', claims)).toBeUndefined();
  });

  it.each([
    ['a number', 42],
    ['an object', { id: 'sandbox-demo' }],
    ['an empty string', ''],
    ['a quote that would end a string in a sample', `x'; rm -rf / #`],
    ['shell expansion', '$(id)'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['a newline', 'sandbox\ndemo'],
    ['a very long value', 'a'.repeat(129)],
  ])('ignores a claim holding %s', (_name, value) => {
    expect(sandboxClientIdOf(CLAIM, { [CLAIM]: value })).toBeUndefined();
  });
});

describe('personalizedSample', () => {
  it.each([
    ['curl', `curl -u "$CLIENT_ID:$CLIENT_SECRET" \\`, `curl -u "sandbox-demo:$CLIENT_SECRET" \\`],
    ['curl with braces', 'echo "${CLIENT_ID}"', 'echo "sandbox-demo"'],
    [
      'JavaScript, in a template literal',
      'Buffer.from(`${process.env.CLIENT_ID}:${process.env.CLIENT_SECRET}`)',
      'Buffer.from(`sandbox-demo:${process.env.CLIENT_SECRET}`)',
    ],
    ['JavaScript', 'const id = process.env.CLIENT_ID;', `const id = 'sandbox-demo';`],
    [
      'Python',
      'auth=(os.environ["CLIENT_ID"], os.environ["CLIENT_SECRET"]),',
      'auth=("sandbox-demo", os.environ["CLIENT_SECRET"]),',
    ],
  ])('puts the client id into a %s sample and leaves the secret a placeholder', (_language, code, expected) => {
    expect(personalizedSample(code, 'sandbox-demo')).toBe(expected);
  });

  it('leaves names that only begin like the placeholder', () => {
    const code = 'echo "$CLIENT_ID_FILE" && export CLIENT_ID=sandbox-demo';
    expect(personalizedSample(code, 'mine')).toBe(code);
  });

  it('keeps the placeholder without a client id, or with a malformed one', () => {
    const code = 'curl -u "$CLIENT_ID:$CLIENT_SECRET"';
    expect(personalizedSample(code, undefined)).toBe(code);
    expect(personalizedSample(code, '$(id)')).toBe(code);
  });
});
