/**
 * The page GET /login answers (spec rule 3: "a page handler", its content not shown): a small,
 * valid, accessible HTML5 sign-in form. The service keeps no sessions; the API itself is
 * protected by a bearer token (docs/blog-api.md), so the form is the page a session login
 * would post from.
 */
import type { HeaderMap } from 'fw-core';

/**
 * The page refuses to be framed: another site could otherwise lay it, invisible, over its own
 * and make a user type a password or click "Sign in" there (clickjacking). CSP frame-ancestors
 * (CSP Level 2 §7.7) is the standard; X-Frame-Options (RFC 7034) covers browsers that predate
 * it, and where both are understood, frame-ancestors wins.
 */
export const LOGIN_PAGE_HEADERS: HeaderMap = Object.freeze({
  'content-security-policy': "frame-ancestors 'none'",
  'x-frame-options': 'DENY',
});

/**
 * The whole page, built once. Its form and link are relative to /login, so they stay under the path
 * the blog is mounted at (`app.use('/blog', listener)`: /blog/login, /blog/docs/), as fw's own links do.
 */
export const LOGIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Blog</title>
<style>
body { font: 1rem/1.5 system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem; }
label, input, button { display: block; width: 100%; box-sizing: border-box; }
input { margin: 0.25rem 0 1rem; padding: 0.5rem; font: inherit; }
button { padding: 0.5rem; font: inherit; }
:focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Sign in</h1>
<form method="post" action="login">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p><a href="docs/">API documentation</a></p>
</main>
</body>
</html>
`;
