// Validates an OpenAPI document (file path argument) against the OpenAPI
// 3.1 schema and resolves every $ref. Exits 0 when valid.
import SwaggerParser from "@apidevtools/swagger-parser";

const file = process.argv[2];
try {
  const api = await SwaggerParser.validate(file);
  console.log("ok: " + api.info.title + " " + api.info.version + ", " + Object.keys(api.paths).length + " paths");
} catch (e) {
  console.error("invalid: " + (e && e.message || e));
  process.exitCode = 1;
}
