/** blog_login_controller: the GET /login page. */
import { defineController, html } from 'fw-core';
import { LOGIN_PAGE, LOGIN_PAGE_HEADERS } from '../pages/login-page.ts';

/** The login page controller. */
export const loginController = defineController('blog_login_controller', {
  index: () => html(LOGIN_PAGE, 200, LOGIN_PAGE_HEADERS),
});
