/** The shop a mail names (its footer and links), for the mail specs and micro-benchmarks. */
export const sampleShop = {
  name: "Vidya Books",
  address: "Pune",
  email: "help@vidyabooks.in",
  phone: "98200",
  publicUrl: "http://x",
};
