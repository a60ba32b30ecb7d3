import { renderLocalCheckoutPage } from '../src/billing/local-checkout-page.js';

describe('the local test-mode checkout page', () => {
  it('escapes the email and the cancel link it shows', () => {
    const html = renderLocalCheckoutPage({
      sessionId: 'cs_local_1',
      email: `o'brien&<b>@example.com`,
      cancelUrl: 'http://localhost:8001/pricing?from="checkout"&x=<y>',
    });
    expect(html).toContain('for o&#39;brien&amp;&lt;b&gt;@example.com.');
    expect(html).toContain(
      '<a href="http://localhost:8001/pricing?from=&quot;checkout&quot;&amp;x=&lt;y&gt;">',
    );
    expect(html).not.toContain('<b>');
    expect(html).toContain('action="/api/billing/local-checkout/cs_local_1/confirm"');
  });
});
