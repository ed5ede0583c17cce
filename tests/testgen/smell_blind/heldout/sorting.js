const ascending = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function mergeSort(items, compare = ascending) {
  if (items.length <= 1) return [...items];
  const mid = Math.floor(items.length / 2);
  const left = mergeSort(items.slice(0, mid), compare);
  const right = mergeSort(items.slice(mid), compare);
  const out = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    out.push(compare(right[j], left[i]) < 0 ? right[j++] : left[i++]);
  }
  return out.concat(left.slice(i), right.slice(j));
}
