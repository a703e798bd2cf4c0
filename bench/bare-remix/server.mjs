// The bare page's server: the same Express, compression and Remix request handler as the app,
// and nothing else (no logging, no headers of our own).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

process.env.NODE_ENV ??= "production";
const build = await import(path.join(path.dirname(fileURLToPath(import.meta.url)), "build/index.js"));
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV }));
app.listen(Number(process.env.PORT ?? 3000));
