/**
 * fw-cli/swagger-ui: the route an app lists to serve Swagger UI and its OpenAPI document at run
 * time (docs/applications-reference.md, "Swagger UI"). This file only re-exports.
 */
export { swaggerUi, type SwaggerUiOptions } from './openapi/swagger-ui-route.ts';
