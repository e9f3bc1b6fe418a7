/**
 * For tests of `stopPretenuring`, as JavaScript source to run in a process started with
 * `--allow-natives-syntax`: eight allocation sites, each made by a fresh function, whose 400,000
 * objects all survive; then one more object from each. Prints how many of those eight were born
 * in the old generation, i.e. how many sites V8 pretenured. With pretenuring on, V8 pretenures
 * some but not always all of them (5–7 of 8 in 10 runs beside two busy processes); with it off,
 * none.
 */
export const COUNT_PRETENURED_SITES = `
  let pretenured = 0;
  for (let site = 0; site < 8; site++) {
    const make = new Function("i", "return { site: " + site + ", a: i, b: [i, i + 1], c: { d: i } };");
    const kept = [];
    for (let i = 0; i < 400000; i++) kept.push(make(i));
    const fresh = make(-1);
    if (!(%InYoungGeneration(fresh) && %InYoungGeneration(fresh.c))) pretenured++;
  }
  console.log(JSON.stringify({ pretenured }));
`;
