/** The demo catalogue of the embedded profile (API.md "Demo data"). Prices in paise. */
export const DEMO_ACCOUNTS = [
  {
    email: "admin@example.com",
    password: "admin-pass-1",
    name: "Shop Admin",
    accType: 1,
    contact: "+91 98200 00001",
  },
  {
    email: "delivery@example.com",
    password: "delivery-pass-1",
    name: "Ravi Delivery",
    accType: 2,
    contact: "+91 98200 00002",
  },
  {
    email: "customer@example.com",
    password: "customer-pass-1",
    name: "Asha Customer",
    accType: 3,
    contact: "+91 98200 00003",
  },
] as const;
export const DEMO_ADDRESS = "221 Sahakar Nagar, Pune, Maharashtra 411009";

export const DEMO_SCHOOLS = [
  {
    slug: "dps-pune",
    name: "Delhi Public School Pune",
    location: "Mahammadwadi",
    area: "Hadapsar",
    district: "Pune",
    state: "Maharashtra",
    pincode: 411060,
    board: "CBSE",
    medium: "English",
  },
  {
    slug: "kv-andheri",
    name: "Kendriya Vidyalaya Andheri",
    location: "IRLA",
    area: "Andheri West",
    district: "Mumbai Suburban",
    state: "Maharashtra",
    pincode: 400056,
    board: "CBSE",
    medium: "Hindi",
  },
  {
    slug: "stjosephs-bengaluru",
    name: "St. Joseph's Boys' High School",
    location: "Museum Road",
    area: "Shanthala Nagar",
    district: "Bengaluru Urban",
    state: "Karnataka",
    pincode: 560025,
    board: "ICSE",
    medium: "English",
  },
  {
    slug: "zphs-hyderabad",
    name: "Zilla Parishad High School",
    location: "Gachibowli",
    area: "Serilingampally",
    district: "Rangareddy",
    state: "Telangana",
    pincode: 500032,
    board: "State Board",
    medium: "Telugu",
  },
] as const;

/** Subjects per class; class 8 has more, since the home page's Trending Books shows class 8. */
export const subjectsFor = (bookClass: number): string[] =>
  bookClass === 8 ? ["Mathematics", "Science", "English"] : bookClass <= 2 ? ["English"] : ["Mathematics"];

export const DEMO_NOTEBOOKS = [
  {
    slug: "classmate-172",
    title: "Classmate Long Notebook 172 Pages",
    author: "Classmate",
    publisher: "ITC",
    price: 6500,
    discount: 500,
  },
  {
    slug: "navneet-ruled",
    title: "Navneet Youva Ruled Notebook",
    author: "Navneet",
    publisher: "Navneet Education",
    price: 5500,
    discount: 0,
  },
  {
    slug: "classmate-square",
    title: "Classmate Square Ruled Notebook",
    author: "Classmate",
    publisher: "ITC",
    price: 6000,
    discount: 600,
  },
  {
    slug: "sundaram-drawing",
    title: "Sundaram Drawing Book A4",
    author: "Sundaram",
    publisher: "Sundaram",
    price: 8000,
    discount: 1000,
  },
  {
    slug: "camlin-practical",
    title: "Camlin Practical Notebook",
    author: "Camlin",
    publisher: "Kokuyo Camlin",
    price: 9000,
    discount: 0,
  },
  {
    slug: "navneet-lab",
    title: "Navneet Science Lab Journal",
    author: "Navneet",
    publisher: "Navneet Education",
    price: 7500,
    discount: 500,
  },
] as const;

export const DEMO_STATIONERY = [
  {
    slug: "natraj-pencils",
    title: "Natraj Pencils Pack of 10",
    author: "Natraj",
    publisher: "Hindustan Pencils",
    price: 5000,
    discount: 500,
  },
  {
    slug: "camlin-geometry",
    title: "Camlin Geometry Box",
    author: "Camlin",
    publisher: "Kokuyo Camlin",
    price: 22000,
    discount: 2000,
  },
  {
    slug: "apsara-eraser",
    title: "Apsara Non-Dust Erasers",
    author: "Apsara",
    publisher: "Hindustan Pencils",
    price: 3000,
    discount: 0,
  },
  {
    slug: "reynolds-pens",
    title: "Reynolds Blue Ball Pens Pack of 5",
    author: "Reynolds",
    publisher: "Reynolds",
    price: 5000,
    discount: 250,
  },
  {
    slug: "faber-crayons",
    title: "Faber-Castell Wax Crayons 24",
    author: "Faber-Castell",
    publisher: "Faber-Castell",
    price: 12000,
    discount: 1200,
  },
  {
    slug: "doms-sharpener",
    title: "DOMS Sharpener Set",
    author: "DOMS",
    publisher: "DOMS Industries",
    price: 4000,
    discount: 0,
  },
] as const;

export const DEMO_PROMOTIONS = [
  {
    slug: "back-to-school",
    title: "Back to School Sale",
    description: "Complete class-wise book sets for the new academic year, delivered free across India.",
    redirectUrl: "/viewallBooks",
  },
  {
    slug: "stationery-week",
    title: "Stationery Week",
    description: "Up to 10% off geometry boxes, crayons and pens from Camlin, Faber-Castell and Reynolds.",
    redirectUrl: "/stationeries",
  },
] as const;
