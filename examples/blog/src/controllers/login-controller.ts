/** blog_login_controller: the GET /login page. */
import { defineController, html } from 'fw-core';
import { LOGIN_PAGE } from '../pages/login-page.ts';

/** The login page controller. */
export const loginController = defineController('blog_login_controller', {
  index: () => html(LOGIN_PAGE),
});
