// Swagger UI over the served OpenAPI document. "Authorize" takes the API
// key, sent as the x-api-key header by "Try it out"; it stays in this tab.
window.ui = SwaggerUIBundle({
  url: "/api/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  tryItOutEnabled: true,
  displayRequestDuration: true,
  filter: true,
  validatorUrl: null,
  // The page's preview (the routes, from the manifest) shows until the
  // document has arrived and rendered.
  onComplete: () => document.getElementById("preview")?.remove(),
});
