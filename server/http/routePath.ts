// Schema paths write parameters as {id}; Fastify's router as :id.
export const routePath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
