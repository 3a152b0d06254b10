const SHIM = new URL('./swc.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@swc/core' && context.parentURL?.includes('/node_modules/dependency-cruiser/'))
    return { url: SHIM, shortCircuit: true };
  return next(specifier, context);
}
