/**
 * A large table shaped like a commerce platform's APIs on one host (`'_'`): a per-store admin API
 * (`/admin/stores/:store_id/...`, Shopify-like: products, variants, orders, fulfillments,
 * customers, inventory, webhooks, themes), a payments API (`/v1/...`, Stripe-like) and the
 * storefront (product pages, cart, checkout, CDN). Two to four bindings on most paths, bindings
 * at several depths, static and binding siblings at one level (`/products/search` next to
 * `/products/:product_id`), a few final `[...]`. Requests: the hot endpoints of a busy store
 * weighted heavily, every GET route at least a little, some query strings, a few 404s and 405s.
 */
import { concreteUrl, everyGetRoute, routesFromLines, sample, type BenchRequest, type BenchTable } from './route-table.ts';

/** `GET,POST base` and `<one> base/:id`, the usual pair of a REST collection and its members. */
function collection(base: string, id: string, one = 'GET,PUT,DELETE'): string[] {
  return [`GET,POST ${base}`, `${one} ${base}/:${id}`];
}

const store = '/admin/stores/:store_id';
const product = `${store}/products/:product_id`;
const order = `${store}/orders/:order_id`;
const fulfillment = `${order}/fulfillments/:fulfillment_id`;
const customer = `${store}/customers/:customer_id`;

const admin: string[] = [
  'GET /admin/stores', `GET,PUT ${store}`, `GET ${store}/policies`, `GET ${store}/access_scopes`, `GET ${store}/currencies`,
  `GET,POST ${store}/products`, `GET ${store}/products/count`, `GET ${store}/products/search`, `GET,PUT,PATCH,DELETE ${product}`,
  `POST ${product}/publish`, `POST ${product}/unpublish`, `POST ${product}/duplicate`, `GET ${product}/collections`,
  ...collection(`${product}/variants`, 'variant_id', 'GET,PUT,PATCH,DELETE'), `GET ${product}/variants/count`,
  `GET ${product}/variants/:variant_id/inventory_levels`, `GET,POST ${product}/variants/:variant_id/prices`,
  `GET,PUT,DELETE ${product}/variants/:variant_id/prices/:price_id`, `GET,POST ${product}/variants/:variant_id/metafields`,
  `GET,PUT,DELETE ${product}/variants/:variant_id/metafields/:metafield_id`,
  ...collection(`${product}/images`, 'image_id'), `GET ${product}/images/count`, `POST ${product}/images/reorder`,
  ...collection(`${product}/options`, 'option_id', 'GET,PATCH,DELETE'), ...collection(`${product}/metafields`, 'metafield_id'),
  `GET,POST ${product}/media`, `GET,PATCH,DELETE ${product}/media/:media_id`, `GET ${product}/events`,
  `GET ${product}/resource_feedback`, `GET,POST ${store}/product_listings`, `GET,PUT,DELETE ${store}/product_listings/:product_id`,
  ...collection(`${store}/custom_collections`, 'collection_id'), `GET ${store}/custom_collections/count`,
  ...collection(`${store}/smart_collections`, 'collection_id'), `GET ${store}/smart_collections/count`,
  `PUT ${store}/smart_collections/:collection_id/order`, `GET ${store}/collections/:collection_id`,
  `GET ${store}/collections/:collection_id/products`, ...collection(`${store}/collects`, 'collect_id', 'GET,DELETE'),
  `GET,POST ${store}/orders`, `GET ${store}/orders/count`, `GET ${store}/orders/search`, `GET,PUT,PATCH,DELETE ${order}`,
  `POST ${order}/close`, `POST ${order}/open`, `POST ${order}/cancel`, `POST ${order}/capture`, `GET ${order}/risks`,
  `GET,DELETE ${order}/risks/:risk_id`, `GET ${order}/line_items`, `GET ${order}/line_items/:line_item_id`,
  `GET,POST ${order}/line_items/:line_item_id/properties`, `GET,POST ${order}/refunds`, `POST ${order}/refunds/calculate`,
  `GET ${order}/refunds/:refund_id`, `GET,POST ${order}/transactions`, `GET ${order}/transactions/count`,
  `GET ${order}/transactions/:transaction_id`, `GET,POST ${order}/fulfillments`, `GET ${order}/fulfillments/count`,
  `GET,PUT ${fulfillment}`, `POST ${fulfillment}/cancel`, `POST ${fulfillment}/complete`, `POST ${fulfillment}/update_tracking`,
  `GET,POST ${fulfillment}/events`, `GET,DELETE ${fulfillment}/events/:event_id`, `GET ${order}/fulfillment_orders`,
  ...collection(`${order}/metafields`, 'metafield_id'), `GET,POST ${order}/notes`, `GET ${order}/events`, `GET ${order}/shipping_lines`,
  `GET ${store}/fulfillment_orders/:fulfillment_order_id`, `POST ${store}/fulfillment_orders/:fulfillment_order_id/cancel`,
  `POST ${store}/fulfillment_orders/:fulfillment_order_id/close`, `POST ${store}/fulfillment_orders/:fulfillment_order_id/hold`,
  `POST ${store}/fulfillment_orders/:fulfillment_order_id/move`, `POST ${store}/fulfillment_orders/:fulfillment_order_id/release_hold`,
  `GET ${store}/fulfillment_orders/:fulfillment_order_id/locations_for_move`,
  `GET,POST ${store}/draft_orders`, `GET ${store}/draft_orders/count`, `GET,PUT,DELETE ${store}/draft_orders/:draft_order_id`,
  `PUT ${store}/draft_orders/:draft_order_id/complete`, `POST ${store}/draft_orders/:draft_order_id/send_invoice`,
  `GET ${store}/checkouts`, `GET ${store}/checkouts/count`, `GET,PUT ${store}/checkouts/:checkout_token`,
  `POST ${store}/checkouts/:checkout_token/complete`, `GET,POST ${store}/checkouts/:checkout_token/payments`,
  `GET ${store}/checkouts/:checkout_token/payments/:payment_id`, `GET ${store}/checkouts/:checkout_token/shipping_rates`,
  `GET ${store}/abandoned_checkouts`, `GET ${store}/abandoned_checkouts/count`,
  `GET,POST ${store}/customers`, `GET ${store}/customers/count`, `GET ${store}/customers/search`, `GET,PUT,DELETE ${customer}`,
  `POST ${customer}/account_activation_url`, `POST ${customer}/send_invite`, `GET ${customer}/orders`,
  ...collection(`${customer}/addresses`, 'address_id'), `PUT ${customer}/addresses/:address_id/default`,
  `PUT ${customer}/addresses/set`, ...collection(`${customer}/metafields`, 'metafield_id'), `GET,POST ${customer}/notes`,
  `GET ${customer}/events`, `GET,POST ${customer}/tags`, `DELETE ${customer}/tags/:tag`,
  ...collection(`${store}/customer_segments`, 'segment_id'), `GET ${store}/customer_segments/:segment_id/customers`,
  ...collection(`${store}/price_rules`, 'price_rule_id'), `GET ${store}/price_rules/count`,
  ...collection(`${store}/price_rules/:price_rule_id/discount_codes`, 'discount_code_id'),
  `POST ${store}/price_rules/:price_rule_id/batch`, `GET ${store}/price_rules/:price_rule_id/batch/:batch_id`,
  `GET ${store}/price_rules/:price_rule_id/batch/:batch_id/discount_codes`, `GET ${store}/discount_codes/lookup`,
  `GET ${store}/discount_codes/count`, ...collection(`${store}/gift_cards`, 'gift_card_id', 'GET,PUT'),
  `GET ${store}/gift_cards/count`, `GET ${store}/gift_cards/search`, `POST ${store}/gift_cards/:gift_card_id/disable`,
  `GET,POST ${store}/gift_cards/:gift_card_id/adjustments`, `GET ${store}/gift_cards/:gift_card_id/adjustments/:adjustment_id`,
  `GET ${store}/inventory_items`, `GET,PUT ${store}/inventory_items/:inventory_item_id`, `GET ${store}/inventory_levels`,
  `POST ${store}/inventory_levels/adjust`, `POST ${store}/inventory_levels/connect`, `POST ${store}/inventory_levels/set`,
  `DELETE ${store}/inventory_levels`, `GET ${store}/locations`, `GET ${store}/locations/count`, `GET ${store}/locations/:location_id`,
  `GET ${store}/locations/:location_id/inventory_levels`, `GET,PUT ${store}/locations/:location_id/inventory_levels/:inventory_item_id`,
  ...collection(`${store}/shipping_zones`, 'shipping_zone_id'), ...collection(`${store}/carrier_services`, 'carrier_service_id'),
  ...collection(`${store}/fulfillment_services`, 'fulfillment_service_id'), ...collection(`${store}/webhooks`, 'webhook_id'),
  `GET ${store}/webhooks/count`, `GET ${store}/webhooks/:webhook_id/deliveries`, `GET ${store}/webhooks/:webhook_id/deliveries/:delivery_id`,
  `POST ${store}/webhooks/:webhook_id/deliveries/:delivery_id/retry`, `GET ${store}/events`, `GET ${store}/events/count`,
  `GET ${store}/events/:event_id`, ...collection(`${store}/themes`, 'theme_id'), `POST ${store}/themes/:theme_id/publish`,
  `GET ${store}/themes/:theme_id/assets`, `GET,PUT,DELETE ${store}/themes/:theme_id/assets/[...]`,
  ...collection(`${store}/pages`, 'page_id'), `GET ${store}/pages/count`, ...collection(`${store}/blogs`, 'blog_id'),
  `GET ${store}/blogs/count`, ...collection(`${store}/blogs/:blog_id/articles`, 'article_id'), `GET ${store}/blogs/:blog_id/articles/count`,
  `GET ${store}/blogs/:blog_id/articles/tags`, ...collection(`${store}/blogs/:blog_id/articles/:article_id/comments`, 'comment_id'),
  `POST ${store}/blogs/:blog_id/articles/:article_id/comments/:comment_id/approve`,
  `POST ${store}/blogs/:blog_id/articles/:article_id/comments/:comment_id/spam`, ...collection(`${store}/redirects`, 'redirect_id'),
  `GET ${store}/redirects/count`, ...collection(`${store}/script_tags`, 'script_tag_id'), ...collection(`${store}/metafields`, 'metafield_id'),
  `GET ${store}/metafields/count`, ...collection(`${store}/reports`, 'report_id'), `GET ${store}/countries`,
  `GET,PUT ${store}/countries/:country_id`, `GET ${store}/countries/:country_id/provinces`,
  `GET,PUT ${store}/countries/:country_id/provinces/:province_id`, `GET ${store}/payouts`, `GET ${store}/payouts/:payout_id`,
  `GET ${store}/payouts/:payout_id/transactions`, `GET ${store}/balance`, `GET ${store}/balance/transactions`, `GET ${store}/disputes`,
  `GET ${store}/disputes/:dispute_id`, `GET,POST ${store}/disputes/:dispute_id/evidence`, `GET ${store}/tender_transactions`,
  ...collection(`${store}/marketing_events`, 'marketing_event_id'), `POST ${store}/marketing_events/:marketing_event_id/engagements`,
  `GET ${store}/users`, `GET ${store}/users/current`, `GET ${store}/users/:user_id`, `GET,POST ${store}/storefront_access_tokens`,
  `DELETE ${store}/storefront_access_tokens/:token_id`, ...collection(`${store}/files`, 'file_id', 'GET,DELETE'),
  `GET,POST ${store}/bulk_operations`, `GET ${store}/bulk_operations/current`, `GET ${store}/bulk_operations/:operation_id`,
  `POST ${store}/bulk_operations/:operation_id/cancel`,
];

const v1Customer = '/v1/customers/:customer';
const payments: string[] = [
  'GET /v1/balance', 'GET /v1/balance_transactions', 'GET /v1/balance_transactions/:id',
  'GET,POST /v1/customers', 'GET /v1/customers/search', `GET,POST,DELETE ${v1Customer}`,
  `GET,POST ${v1Customer}/sources`, `GET,POST,DELETE ${v1Customer}/sources/:id`, `POST ${v1Customer}/sources/:id/verify`,
  `GET ${v1Customer}/payment_methods`, `GET ${v1Customer}/payment_methods/:payment_method`, `GET,POST ${v1Customer}/tax_ids`,
  `GET,DELETE ${v1Customer}/tax_ids/:id`, `GET,POST ${v1Customer}/balance_transactions`,
  `GET,POST ${v1Customer}/balance_transactions/:transaction`, `DELETE ${v1Customer}/discount`, `GET ${v1Customer}/cash_balance`,
  'GET,POST /v1/payment_intents', 'GET /v1/payment_intents/search', 'GET,POST /v1/payment_intents/:intent',
  'POST /v1/payment_intents/:intent/confirm', 'POST /v1/payment_intents/:intent/capture', 'POST /v1/payment_intents/:intent/cancel',
  'POST /v1/payment_intents/:intent/increment_authorization', 'POST /v1/payment_intents/:intent/verify_microdeposits',
  'GET,POST /v1/setup_intents', 'GET,POST /v1/setup_intents/:intent', 'POST /v1/setup_intents/:intent/confirm',
  'POST /v1/setup_intents/:intent/cancel', 'GET,POST /v1/payment_methods', 'GET,POST /v1/payment_methods/:payment_method',
  'POST /v1/payment_methods/:payment_method/attach', 'POST /v1/payment_methods/:payment_method/detach',
  'GET,POST /v1/charges', 'GET /v1/charges/search', 'GET,POST /v1/charges/:charge', 'POST /v1/charges/:charge/capture',
  'GET /v1/charges/:charge/dispute', 'GET,POST /v1/charges/:charge/refunds', 'GET,POST /v1/charges/:charge/refunds/:refund',
  'GET,POST /v1/refunds', 'GET,POST /v1/refunds/:refund', 'POST /v1/refunds/:refund/cancel', 'GET /v1/disputes',
  'GET,POST /v1/disputes/:dispute', 'POST /v1/disputes/:dispute/close', 'GET,POST /v1/invoices', 'GET /v1/invoices/search',
  'GET /v1/invoices/upcoming', 'GET /v1/invoices/upcoming/lines', 'GET,POST,DELETE /v1/invoices/:invoice', 'GET /v1/invoices/:invoice/lines',
  'POST /v1/invoices/:invoice/lines/:line_item_id', 'POST /v1/invoices/:invoice/finalize', 'POST /v1/invoices/:invoice/pay',
  'POST /v1/invoices/:invoice/send', 'POST /v1/invoices/:invoice/void', 'POST /v1/invoices/:invoice/mark_uncollectible',
  'GET,POST /v1/invoiceitems', 'GET,POST,DELETE /v1/invoiceitems/:invoiceitem', 'GET,POST /v1/subscriptions',
  'GET /v1/subscriptions/search', 'GET,POST,DELETE /v1/subscriptions/:subscription_exposed_id', 'POST /v1/subscriptions/:subscription/resume',
  'DELETE /v1/subscriptions/:subscription_exposed_id/discount', 'GET,POST /v1/subscription_items',
  'GET,POST,DELETE /v1/subscription_items/:item', 'GET,POST /v1/subscription_items/:subscription_item/usage_records',
  'GET /v1/subscription_items/:subscription_item/usage_record_summaries', 'GET,POST /v1/subscription_schedules',
  'GET,POST /v1/subscription_schedules/:schedule', 'POST /v1/subscription_schedules/:schedule/cancel',
  'POST /v1/subscription_schedules/:schedule/release', 'GET,POST /v1/products', 'GET /v1/products/search',
  'GET,POST,DELETE /v1/products/:id', 'GET,POST /v1/prices', 'GET /v1/prices/search', 'GET,POST /v1/prices/:price',
  'GET,POST /v1/coupons', 'GET,POST,DELETE /v1/coupons/:coupon', 'GET,POST /v1/promotion_codes', 'GET,POST /v1/promotion_codes/:promotion_code',
  'GET,POST /v1/tax_rates', 'GET,POST /v1/tax_rates/:tax_rate', 'GET,POST /v1/payouts', 'GET,POST /v1/payouts/:payout',
  'POST /v1/payouts/:payout/cancel', 'POST /v1/payouts/:payout/reverse', 'GET /v1/events', 'GET /v1/events/:id',
  'GET,POST /v1/webhook_endpoints', 'GET,POST,DELETE /v1/webhook_endpoints/:webhook_endpoint', 'GET,POST /v1/files', 'GET /v1/files/:file',
  'GET,POST /v1/file_links', 'GET,POST /v1/file_links/:link', 'GET,POST /v1/checkout/sessions', 'GET,POST /v1/checkout/sessions/:session',
  'POST /v1/checkout/sessions/:session/expire', 'GET /v1/checkout/sessions/:session/line_items', 'POST /v1/billing_portal/sessions',
  'GET,POST /v1/billing_portal/configurations', 'GET,POST /v1/billing_portal/configurations/:configuration',
  'GET,POST /v1/payment_links', 'GET,POST /v1/payment_links/:payment_link', 'GET /v1/payment_links/:payment_link/line_items',
  'GET,POST /v1/accounts', 'GET,POST,DELETE /v1/accounts/:account', 'POST /v1/accounts/:account/reject',
  'GET,POST /v1/accounts/:account/external_accounts', 'GET,POST,DELETE /v1/accounts/:account/external_accounts/:id',
  'GET,POST /v1/accounts/:account/persons', 'GET,POST,DELETE /v1/accounts/:account/persons/:person', 'POST /v1/account_links',
  'GET,POST /v1/transfers', 'GET,POST /v1/transfers/:transfer', 'GET,POST /v1/transfers/:id/reversals',
  'GET,POST /v1/transfers/:transfer/reversals/:id', 'GET,POST /v1/tokens', 'GET /v1/tokens/:token',
];

const storefront: string[] = [
  'GET /', 'GET /health', 'GET /robots.txt', 'GET /sitemap.xml', 'GET /favicon.ico', 'GET /search', 'GET /search/suggest',
  'GET /products/:handle', 'GET /products/:handle/reviews', 'GET /collections', 'GET /collections/all', 'GET /collections/:handle',
  'GET /collections/:handle/products/:product_handle', 'GET /collections/:handle/:tags', 'GET,POST /cart', 'POST /cart/add',
  'POST /cart/change', 'POST /cart/update', 'POST /cart/clear', 'GET /cart/shipping_rates', 'GET /pages/:handle', 'GET /blogs/:blog_handle',
  'GET /blogs/:blog_handle/tagged/:tag', 'GET /blogs/:blog_handle/:article_handle', 'POST /blogs/:blog_handle/:article_handle/comments',
  'GET /account', 'GET,POST /account/login', 'GET /account/logout', 'GET,POST /account/register', 'GET /account/addresses',
  'GET /account/orders/:order_token', 'POST /account/recover', 'GET,POST /account/reset/:customer_id/:token',
  'GET /account/activate/:customer_id/:token', 'GET,POST /checkouts/:checkout_token', 'GET /checkouts/:checkout_token/thank_you',
  'GET /checkouts/:checkout_token/processing', 'GET /orders/:order_token/authenticate', 'POST /contact', 'GET /policies/:policy',
  'GET /cdn/shop/files/[...]', 'GET /cdn/shop/products/[...]', 'GET /apps/[...]', 'POST /wpm/:shop_id/events',
];

const routes = routesFromLines({ _: [...admin, ...payments, ...storefront] });

// Values a real client would send for each binding name; others get a numeric id.
const values: Readonly<Record<string, string>> = {
  store_id: '48213', product_id: '7934201887000', variant_id: '43612077211928', order_id: '5478102339864',
  customer_id: '6927140413720', fulfillment_id: '4812903317784', checkout_token: 'c1-8e3f0a6d2b7c44e19a0d55f3',
  theme_id: '131277062424', customer: 'cus_NffrFeUfNV2Hib', intent: 'pi_3MtwBwLkdIwHu7ix28a3tqPa',
  charge: 'ch_3MmlLrLkdIwHu7ix0snN0B15', invoice: 'in_1MtHbELkdIwHu7ixl4OzzPMv', subscription_exposed_id: 'sub_1MowQVLkdIwHu7ixeRlqHVzs',
  handle: 'linen-shirt-natural', product_handle: 'linen-shirt-natural', blog_handle: 'journal', article_handle: 'summer-lookbook',
  order_token: 'b3f1c2a9d8e7', session: 'cs_test_a11YYufWQzNY63zpQ6QSNRQhkUpVph4WRmzW0zWJO2znZKdVujZ0N0S22u',
};

function request(method: string, path: string, query = ''): BenchRequest {
  return { method, host: 'shop.example.com', url: `${concreteUrl(path, values, 'files/2024/linen-shirt_800x.jpg')}${query}` };
}

// What a busy store's traffic looks like: shoppers on the storefront, the admin app polling
// orders and inventory, apps syncing products, payment webhooks and checkout calls.
const hot: readonly (readonly [number, BenchRequest])[] = [
  [40, request('GET', '/products/:handle')],
  [25, request('GET', '/collections/:handle')],
  [30, request('GET', '/cdn/shop/files/[...]')],
  [20, request('GET', '/cdn/shop/products/[...]')],
  [15, request('GET', '/collections/:handle/products/:product_handle')],
  [20, request('GET', '/cart')],
  [12, request('POST', '/cart/add')],
  [8, request('POST', '/cart/change')],
  [10, request('GET', '/search', '?q=linen&type=product')],
  [6, request('GET', '/')],
  [10, request('GET', '/checkouts/:checkout_token')],
  [8, request('POST', '/wpm/:shop_id/events')],
  [20, request('GET', `${store}/orders`, '?status=any&limit=250')],
  [15, request('GET', order)],
  [10, request('GET', `${store}/orders/count`)],
  [15, request('GET', product)],
  [10, request('PUT', product)],
  [10, request('GET', `${product}/variants/:variant_id`)],
  [8, request('GET', `${store}/products`, '?limit=250&page_info=eyJsYXN0X2lkIjo3OTM0MjAxODg3MDAwfQ')],
  [8, request('GET', `${store}/products/search`, '?query=title:linen')],
  [12, request('GET', `${store}/locations/:location_id/inventory_levels/:inventory_item_id`)],
  [10, request('POST', `${store}/inventory_levels/set`)],
  [8, request('GET', `${customer}`)],
  [6, request('GET', `${store}/customers/search`, '?query=email:ada@example.com')],
  [6, request('POST', `${fulfillment}/update_tracking`)],
  [5, request('GET', `${fulfillment}/events/:event_id`)],
  [5, request('GET', `${store}/themes/:theme_id/assets/[...]`)],
  [12, request('POST', '/v1/payment_intents')],
  [10, request('POST', '/v1/payment_intents/:intent/confirm')],
  [10, request('GET', '/v1/payment_intents/:intent')],
  [6, request('GET', `${v1Customer}/payment_methods`)],
  [5, request('GET', '/v1/invoices/upcoming', '?customer=cus_NffrFeUfNV2Hib')],
  [5, request('GET', '/v1/events', '?type=charge.succeeded&limit=100')],
  [4, request('POST', '/v1/refunds')],
  [3, { method: 'GET', host: 'shop.example.com', url: '/products/linen-shirt-natural.json' }],
  [3, { method: 'GET', host: 'shop.example.com', url: '/admin/stores/48213/products/7934201887000/variants/43612077211928/images' }],
  [2, { method: 'DELETE', host: 'shop.example.com', url: '/v1/events' }],
  [2, { method: 'POST', host: 'shop.example.com', url: '/admin/stores/48213/orders/count' }],
];

/** The commerce table. */
export const commerceTable: BenchTable = {
  name: `commerce (${routes.length} routes)`,
  routes,
  requests: sample([...hot, ...everyGetRoute(routes, (route) => request('GET', route.path))], 4000, 23),
};
