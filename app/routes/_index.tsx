// "/" is the selection page too (spec section 2).
export { action, default, handle, loader } from "./checkout.($responderUuid)/route";
