import { createHash } from 'node:crypto';
import type { RecipientTrackingView } from '../application/recipient-tracking/recipient-tracking.view';

export type PageLanguage = 'ar' | 'en';

/** Every text the recipient's page shows, in both languages. */
const TEXTS = {
  ar: {
    title: 'تتبع الشحنة',
    from: 'من',
    to: 'إلى',
    carrier: 'شركة الشحن',
    trackingNumber: 'رقم التتبع',
    estimate: 'موعد التسليم المتوقع',
    noEstimate: 'غير محدد بعد',
    timeline: 'سجل الشحنة',
    noEvents: 'لا توجد تحديثات بعد.',
    piece: (n: number, of: number) => `القطعة ${n} من ${of}`,
    issue: 'لم يتم التسليم',
    deadline: 'تحتفظ شركة الشحن بالشحنة حتى',
    attempts: 'المحاولات',
    reattempt: 'اختر موعداً لإعادة التسليم',
    reattemptSubmit: 'تأكيد الموعد',
    phone: 'رقم جوال جديد للتواصل',
    phoneSubmit: 'حفظ الرقم',
    sent: 'تم إرسال طلبك إلى شركة الشحن.',
    failed: 'تعذر إرسال الطلب:',
    otherLanguage: 'English',
    notFound: 'لا توجد شحنة بهذا الرابط.',
    busy: 'طلبات كثيرة. حاول بعد قليل.',
    proof: 'إثبات التسليم',
    receivedBy: 'استلمها',
    proofMethod: 'طريقة الإثبات',
    methods: { OTP: 'رمز تحقق لمرة واحدة', SIGNATURE: 'توقيع المستلم', PHOTO: 'صورة عند التسليم', NONE: 'لم تحدد شركة الشحن طريقة' },
    notices: 'الرسائل عن شحناتك',
    noticesHint: 'يرسل المتجر رسائل نصية وبريداً إلكترونياً عن حالة الشحنة إلى الرقم والبريد المسجلين فيها.',
    optOut: 'إيقاف رسائل هذا المتجر',
    optedOut: 'لن تصلك رسائل أخرى من هذا المتجر.',
  },
  en: {
    title: 'Track your parcel',
    from: 'From',
    to: 'To',
    carrier: 'Carrier',
    trackingNumber: 'Tracking number',
    estimate: 'Estimated delivery',
    noEstimate: 'Not known yet',
    timeline: 'Timeline',
    noEvents: 'No updates yet.',
    piece: (n: number, of: number) => `Parcel ${n} of ${of}`,
    issue: 'Delivery did not happen',
    deadline: 'The carrier holds the parcel until',
    attempts: 'Attempts',
    reattempt: 'Pick a day for the next delivery',
    reattemptSubmit: 'Confirm the day',
    phone: 'A new mobile number to reach you',
    phoneSubmit: 'Save the number',
    sent: 'Your request was sent to the carrier.',
    failed: 'The request could not be sent:',
    otherLanguage: 'العربية',
    notFound: 'No parcel has this link.',
    busy: 'Too many requests. Try again shortly.',
    proof: 'Proof of delivery',
    receivedBy: 'Received by',
    proofMethod: 'Proven by',
    methods: { OTP: 'One-time code', SIGNATURE: "Recipient's signature", PHOTO: 'Photo at the door', NONE: 'Not stated by the carrier' },
    notices: 'Messages about your parcels',
    noticesHint: "The shop sends text messages and e-mail about the parcel's progress to the phone and e-mail it was booked with.",
    optOut: "Stop this shop's messages",
    optedOut: 'You will get no more messages from this shop.',
  },
} as const;

export function pageLanguage(lang: unknown): PageLanguage {
  return lang === 'en' ? 'en' : 'ar';
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const DEFAULT_COLOUR = '#0a6e5c';

// A formatter is costly to make and cheap to use: made once per language, not per line of a page.
const localeOf = (lang: PageLanguage) => (lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB');
const formatsOf = (options: Intl.DateTimeFormatOptions): Record<PageLanguage, Intl.DateTimeFormat> => ({
  ar: new Intl.DateTimeFormat(localeOf('ar'), options),
  en: new Intl.DateTimeFormat(localeOf('en'), options),
});
const DATE_TIME = formatsOf({ timeZone: 'Asia/Riyadh', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
const DAY = formatsOf({ timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long' });

function riyadhDateTime(iso: string, lang: PageLanguage): string {
  return DATE_TIME[lang].format(new Date(iso));
}

function riyadhDay(date: string, lang: PageLanguage): string {
  return DAY[lang].format(new Date(`${date}T00:00:00Z`));
}

function shell(lang: PageLanguage, title: string, colour: string, body: string): string {
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html>
<html lang="${lang}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escape(title)}</title>
<link rel="stylesheet" href="/t/tracking.css">
<style>${brandStyle(colour)}</style>
<script type="module" src="/t/tracking.js"></script>
</head>
<body>
${body}
</body>
</html>`;
}

/** The page of one parcel: the merchant's name and colour on top, status, estimate, timeline, and the open issue's choices. */
export function renderTrackingPage(view: RecipientTrackingView, token: string, lang: PageLanguage): string {
  const t = TEXTS[lang];
  const colour = pageColour(view);
  const other: PageLanguage = lang === 'ar' ? 'en' : 'ar';
  const local = (en: string | null, ar: string | null) => (lang === 'ar' ? (ar ?? en) : (en ?? ar)) ?? '';
  const events = view.events
    .map(
      (e) =>
        `<li class="${e.is_exception ? 'exception' : ''}"><span class="what">${escape(lang === 'ar' ? e.status_ar : e.status_en)}</span>` +
        `<span class="when">${escape(riyadhDateTime(e.occurred_at, lang))}</span>` +
        (e.piece ? `<span class="piece">${escape(t.piece(e.piece.number, e.piece.of))}</span>` : '') +
        (local(e.place_en, e.place_ar) ? `<span class="where">${escape(local(e.place_en, e.place_ar))}</span>` : '') +
        '</li>',
    )
    .join('');
  const issue = view.delivery_issue;
  const issueBlock = issue
    ? `<section class="card issue" aria-labelledby="issue-title">
<h2 id="issue-title">${escape(t.issue)}</h2>
<p>${escape(lang === 'ar' ? issue.reason_ar : issue.reason_en)}</p>
<p class="muted">${escape(t.attempts)}: ${issue.attempts} · ${escape(t.deadline)} ${escape(riyadhDateTime(issue.deadline_at, lang))}</p>
${
  issue.actions_allowed.includes('reattempt') && issue.reattempt_dates.length > 0
    ? `<form class="action" data-action="reattempt" data-token="${escape(token)}">
<label for="reattempt_date">${escape(t.reattempt)}</label>
<select id="reattempt_date" name="reattempt_date">${issue.reattempt_dates
        .map((d) => `<option value="${d}">${escape(riyadhDay(d, lang))}</option>`)
        .join('')}</select>
<button type="submit">${escape(t.reattemptSubmit)}</button>
</form>`
    : ''
}
${
  issue.actions_allowed.includes('update_contact')
    ? `<form class="action" data-action="update_contact" data-token="${escape(token)}">
<label for="phone">${escape(t.phone)}</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" dir="ltr" placeholder="05XXXXXXXX" required maxlength="20">
<button type="submit">${escape(t.phoneSubmit)}</button>
</form>`
    : ''
}
<p class="result" role="status" aria-live="polite" hidden data-sent="${escape(t.sent)}" data-failed="${escape(t.failed)}"></p>
</section>`
    : '';
  const proof = view.proof_of_delivery;
  const proofBlock = proof
    ? `<section class="card proof" aria-labelledby="proof-title">
<h2 id="proof-title">${escape(t.proof)}</h2>
<dl class="facts">
<div><dt>${escape(t.proofMethod)}</dt><dd class="proof-method" data-method="${proof.method}">${escape(t.methods[proof.method])}</dd></div>
${proof.received_by_first_name ? `<div><dt>${escape(t.receivedBy)}</dt><dd class="received-by">${escape(proof.received_by_first_name)}</dd></div>` : ''}
<div><dt>${escape(lang === 'ar' ? view.status_ar : view.status_en)}</dt><dd>${escape(riyadhDateTime(proof.at, lang))}</dd></div>
</dl>
</section>`
    : '';
  const body = `<header class="brandbar"><span class="merchant">${escape(view.merchant.name)}</span>
<a class="lang" href="?lang=${other}" lang="${other}">${escape(t.otherLanguage)}</a></header>
<main class="page">
<section class="card status-card">
<h1>${escape(lang === 'ar' ? view.status_ar : view.status_en)}</h1>
<p class="route"><span>${escape(t.from)} ${escape(view.origin_city)}</span> <span aria-hidden="true">${lang === 'ar' ? '←' : '→'}</span> <span>${escape(t.to)} ${escape(view.destination_city)}</span></p>
<dl class="facts">
<div><dt>${escape(t.estimate)}</dt><dd class="estimate">${escape(view.estimated_delivery_date ? riyadhDay(view.estimated_delivery_date, lang) : t.noEstimate)}</dd></div>
<div><dt>${escape(t.carrier)}</dt><dd>${escape(lang === 'ar' ? view.carrier.name_ar : view.carrier.name_en)}</dd></div>
<div><dt>${escape(t.trackingNumber)}</dt><dd dir="ltr">${escape(view.tracking_number)}</dd></div>
</dl>
</section>
${issueBlock}
${proofBlock}
<section class="card">
<h2>${escape(t.timeline)}</h2>
${events ? `<ol class="timeline">${events}</ol>` : `<p class="muted">${escape(t.noEvents)}</p>`}
</section>
<section class="card notices" aria-labelledby="notices-title">
<h2 id="notices-title">${escape(t.notices)}</h2>
<p class="muted">${escape(t.noticesHint)}</p>
<form class="action" data-endpoint="opt-out" data-token="${escape(token)}">
<button type="submit" class="secondary">${escape(t.optOut)}</button>
</form>
<p class="result" role="status" aria-live="polite" hidden data-sent="${escape(t.optedOut)}" data-failed="${escape(t.failed)}"></p>
</section>
</main>`;
  return shell(lang, `${t.title} · ${view.merchant.name}`, colour, body);
}

/** The same page for an unknown link or a busy gateway: nothing about any shipment. */
export function renderNoticePage(lang: PageLanguage, text: 'notFound' | 'busy'): string {
  const t = TEXTS[lang];
  return shell(lang, t.title, DEFAULT_COLOUR, `<main class="page"><section class="card"><h1>${escape(t[text])}</h1></section></main>`);
}

/** The page's one inline style: the team's colour (a checked #rrggbb, so nothing else can ride in it). */
function brandStyle(colour: string): string {
  return `:root{--brand:${colour}}`;
}

/** The colour a view's page is drawn in (the team's, or the gateway's own). */
export function pageColour(view: RecipientTrackingView | null): string {
  return view?.merchant.colour ?? DEFAULT_COLOUR;
}

/**
 * The colour's style is allowed by its hash, not a per-answer nonce: the page is then the same
 * bytes for every read of one view, so it is rendered once per view, not once per read. A hash
 * admits that one style text and nothing else, as strictly as a nonce.
 */
const HEADERS_BY_COLOUR = new Map<string, Readonly<Record<string, string>>>();
const COLOURS_REMEMBERED = 10_000;

/** Strict: scripts and styles from this origin (the colour's style by its hash), calls to it, never framed. */
export function pageSecurityHeaders(colour: string): Readonly<Record<string, string>> {
  let headers = HEADERS_BY_COLOUR.get(colour);
  if (headers === undefined) {
    headers = Object.freeze(securityHeaders(`'sha256-${createHash('sha256').update(brandStyle(colour)).digest('base64')}'`));
    if (HEADERS_BY_COLOUR.size >= COLOURS_REMEMBERED) HEADERS_BY_COLOUR.clear();
    HEADERS_BY_COLOUR.set(colour, headers);
  }
  return headers;
}

function securityHeaders(styleHash: string): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'none'",
      "script-src 'self'",
      `style-src 'self' ${styleHash}`,
      "img-src 'self' data:",
      "connect-src 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    'Cache-Control': 'no-store',
    'X-Robots-Tag': 'noindex',
  };
}

/** Mobile first: one column at 390 px, a centred card column on a desk. */
export const TRACKING_PAGE_CSS = `:root{--fg:#1d2433;--muted:#5b6578;--bg:#f5f6f8;--card:#fff;--line:#dde1e7;--danger:#b42318;font-family:"Noto Sans","Noto Sans Arabic",system-ui,sans-serif;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0;font-size:16px;line-height:1.5}
.brandbar{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding:.9rem 1rem;background:var(--brand);color:#fff}
.merchant{font-weight:700;font-size:1.1rem;overflow-wrap:anywhere}
.lang{color:#fff;text-decoration:underline}
.page{max-width:40rem;margin:0 auto;padding:.75rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem;margin-bottom:.75rem}
.status-card{border-top:4px solid var(--brand)}
h1{font-size:1.35rem;margin:0 0 .5rem}h2{font-size:1.05rem;margin:0 0 .6rem}
.route{margin:0 0 .75rem;color:var(--muted);display:flex;flex-wrap:wrap;gap:.35rem}
.facts{margin:0;display:grid;gap:.5rem}.facts div{display:flex;justify-content:space-between;gap:1rem;border-bottom:1px solid var(--line);padding-bottom:.4rem}
dt{color:var(--muted)}dd{margin:0;font-weight:600;text-align:end}
.timeline{list-style:none;margin:0;padding:0}
.timeline li{display:grid;gap:.1rem;padding:.5rem .75rem;border-inline-start:3px solid var(--brand);margin-bottom:.4rem}
.timeline li.exception{border-inline-start-color:var(--danger);background:#fff6f5}
.what{font-weight:600}.when,.where,.piece,.muted{color:var(--muted);font-size:.9rem}
.issue{border-color:#f5c2bd;background:#fffaf9}
.action{display:grid;gap:.4rem;margin:.75rem 0}
label{font-size:.95rem}
select,input,button{font:inherit;padding:.65rem .7rem;border-radius:8px;border:1px solid var(--line);width:100%;min-height:44px}
button{background:var(--brand);border-color:var(--brand);color:#fff;font-weight:600;cursor:pointer}
button.secondary{background:transparent;color:var(--fg);border-color:var(--line);font-weight:500}
button:disabled{opacity:.6}
.result{font-weight:600}
@media (min-width:720px){.page{padding:1.5rem}.action{grid-template-columns:1fr auto;align-items:end}.action label{grid-column:1/-1}button{width:auto}}
`;

/**
 * The page's only script: sends a choice as JSON to POST /t/{token}/actions, or the opt-out to
 * POST /t/{token}/opt-out (a POST from the page, so link scanners and previews never opt anyone
 * out), and shows the answer in the form's section. Status, estimate and timeline need no script.
 */
export const TRACKING_PAGE_JS = `for (const form of document.querySelectorAll('form.action')) {
  const result = form.closest('section').querySelector('.result');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button');
    button.disabled = true;
    const data = Object.fromEntries(new FormData(form));
    const optOut = form.dataset.endpoint === 'opt-out';
    try {
      const res = await fetch('/t/' + encodeURIComponent(form.dataset.token) + (optOut ? '/opt-out' : '/actions'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(optOut ? {} : { action: form.dataset.action, ...data }),
      });
      const body = await res.json().catch(() => ({}));
      result.hidden = false;
      if (res.ok) {
        result.textContent = result.dataset.sent;
        if (optOut) button.hidden = true;
        else setTimeout(() => location.reload(), 1200);
      } else {
        const ar = document.documentElement.lang === 'ar';
        const problems = (body.error && body.error.details && body.error.details.errors) || [];
        const text = problems.map((p) => (ar && p.reason_ar) || p.reason).join(' · ') || (body.error && (ar ? body.error.message_ar : body.error.message_en)) || res.status;
        result.textContent = result.dataset.failed + ' ' + text;
      }
    } finally {
      button.disabled = false;
    }
  });
}
`;
