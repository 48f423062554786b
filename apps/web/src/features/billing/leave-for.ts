/** Sends the browser to the provider's hosted page (Checkout or Billing Portal); card data never passes here. */
export const leaveFor = (url: string): void => {
  window.location.assign(url);
};
