import escapeHtml from 'escape-html';
import { PRO_PLAN } from './pro-plan.js';

export interface LocalCheckoutPageInput {
  sessionId: string;
  email: string;
  cancelUrl: string;
}

function formatPrice(): string {
  return `${(PRO_PLAN.amount / 100).toFixed(2)} ${PRO_PLAN.currency.toUpperCase()}`;
}

/**
 * The test-mode stand-in for Stripe's checkout page. Plain HTML without scripts or inline styles,
 * so it works under the strictest Content-Security-Policy; the form posts to the same origin.
 */
export function renderLocalCheckoutPage(input: LocalCheckoutPageInput): string {
  const action = `/api/billing/local-checkout/${encodeURIComponent(input.sessionId)}/confirm`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Test mode checkout: ${PRO_PLAN.name}</title>
</head>
<body>
<main>
<p role="note"><strong>Test mode — no card is charged.</strong></p>
<h1>Subscribe to the ${PRO_PLAN.name}</h1>
<p>${formatPrice()} a ${PRO_PLAN.interval}, for ${escapeHtml(input.email)}.</p>
<p>This server runs without Stripe keys, so this page stands in for Stripe Checkout.
Confirming activates the ${PRO_PLAN.name} for one ${PRO_PLAN.interval} at no cost.</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit">Confirm subscription</button>
</form>
<p><a href="${escapeHtml(input.cancelUrl)}">Cancel and go back</a></p>
</main>
</body>
</html>
`;
}
