/** The OpenAPI tag of every call of this folder. */
export const tags = ['auth'];
