import { startHttpFake, type HttpFake } from './http-fake';

export interface FakeProduct {
  id: number;
  title: string;
  handle: string;
  body_html: string;
}

export interface ShopifyFake extends HttpFake {
  products: FakeProduct[];
}

const API = '/admin/api/2025-01';

/**
 * The Shopify Admin REST API as Citable uses it (shop.json, products list with Link pagination,
 * read, update), accepting one access token in X-Shopify-Access-Token, on 127.0.0.1.
 */
export async function startShopifyFake(options: { accessToken: string; products?: FakeProduct[]; pageSize?: number }): Promise<ShopifyFake> {
  const products: FakeProduct[] = options.products ? [...options.products] : [];
  let base = '';
  const fake = await startHttpFake((request) => {
    const url = new URL(request.url, 'http://fake');
    if (!url.pathname.startsWith(API)) return { status: 404, text: 'Not Found' };
    if (request.headers['x-shopify-access-token'] !== options.accessToken) {
      return { status: 401, json: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
    }
    const route = url.pathname.slice(API.length);
    if (route === '/shop.json') return { json: { shop: { id: 1, name: 'Fake Shop', myshopify_domain: 'fake-shop.myshopify.com' } } };
    if (route === '/products.json' && request.method === 'GET') {
      const limit = Math.min(Number(url.searchParams.get('limit') ?? '50'), options.pageSize ?? 250);
      const start = Number(url.searchParams.get('page_info') ?? '0');
      const page = products.slice(start, start + limit);
      const next = start + limit < products.length ? `<${base}${API}/products.json?limit=${limit}&page_info=${start + limit}>; rel="next"` : undefined;
      return { json: { products: page }, headers: next ? { link: next } : {} };
    }
    const single = route.match(/^\/products\/(\d+)\.json$/);
    const product = single ? products.find((candidate) => candidate.id === Number(single[1])) : undefined;
    if (single && !product) return { status: 404, json: { errors: 'Not Found' } };
    if (product && request.method === 'GET') return { json: { product } };
    if (product && request.method === 'PUT') {
      const body = request.body as { product?: { body_html?: string } };
      if (body.product?.body_html !== undefined) product.body_html = body.product.body_html;
      return { json: { product } };
    }
    return { status: 404, json: { errors: 'Not Found' } };
  });
  base = fake.url;
  return Object.assign(fake, { products });
}
