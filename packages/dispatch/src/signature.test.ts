import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './signature';

describe('signWebhook', () => {
  it('matches the Standard Webhooks reference vector for a whsec_ secret', () => {
    expect(
      signWebhook(
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        'msg_p5jXN8AQM9LWM0D4loKWxJek',
        1614265330,
        '{"test": 2432232314}',
      ),
    ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('uses a plain secret as raw UTF-8 bytes', () => {
    const expected = createHmac('sha256', 'my-endpoint-secret').update('d-1.1700000000.{}').digest('base64');
    expect(signWebhook('my-endpoint-secret', 'd-1', 1700000000, '{}')).toBe(`v1,${expected}`);
  });
});
