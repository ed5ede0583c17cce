export const kmToMiles = (km) => km * 0.621371;
export const celsiusToKelvin = (c) => c + 273.15;
export function pace(minutes, km) {
  if (km <= 0) throw new Error('distance must be positive');
  return minutes / km;
}
