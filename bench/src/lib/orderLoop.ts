import { orderBody, placeOrder } from "./shopApi.ts";

/**
 * Orders placed in a closed loop (one call in flight per connection), as the alone probes place
 * them: on one connection one customer alone, on more the customers round-robin. Each call is a
 * distinct order (`orderBody` of the loop's running count).
 */
export const orderLoop = (url: string, users: readonly { token: string }[], products: readonly string[]) => {
  let seq = 0;
  return async (connections: number, orders: number): Promise<void> => {
    let left = orders;
    const loop = async () => {
      while (left-- > 0) {
        const i = seq++;
        const user = users[connections === 1 ? 0 : i % users.length]!;
        await placeOrder(url, user.token, orderBody(products, i));
      }
    };
    await Promise.all(Array.from({ length: connections }, loop));
  };
};
