import LinearProgress from "@mui/material/LinearProgress";
import { lazy, Suspense } from "react";
import { Route, Routes } from "react-router-dom";
import { AdminGate } from "../../../features/admin/components/AdminGate.tsx";
import NotFoundRoute from "../NotFoundRoute.tsx";

const AdminPanelRoute = lazy(() => import("./AdminPanelRoute.tsx"));
const AddSchoolRoute = lazy(() => import("./AddSchoolRoute.tsx"));
const AddSchoolBooksRoute = lazy(() => import("./AddSchoolBooksRoute.tsx"));
const EditSchoolBooksRoute = lazy(() => import("./EditSchoolBooksRoute.tsx"));
const AddExamBooksRoute = lazy(() => import("./AddExamBooksRoute.tsx"));
const StationeriesRoute = lazy(() => import("./StationeriesRoute.tsx"));
const ViewOrdersRoute = lazy(() => import("./ViewOrdersRoute.tsx"));
const ViewOrderRoute = lazy(() => import("./ViewOrderRoute.tsx"));
const ViewMessagesRoute = lazy(() => import("./ViewMessagesRoute.tsx"));
const PromotionsRoute = lazy(() => import("./PromotionsRoute.tsx"));
const BookListRoute = lazy(() => import("./BookListRoute.tsx"));
const UsersRoute = lazy(() => import("./UsersRoute.tsx"));
const DashboardRoute = lazy(() => import("./DashboardRoute.tsx"));

/** Every /admin screen (spec §2), admins only: others read 'You Don't have Admin Permissions'. */
export default function AdminRoutes() {
  return (
    <AdminGate>
      <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
        <Routes>
          <Route index element={<AdminPanelRoute />} />
          <Route path="addSchool" element={<AddSchoolRoute />} />
          <Route path="addSchoolBooks" element={<AddSchoolBooksRoute />} />
          <Route path="editSchoolBooks" element={<EditSchoolBooksRoute />} />
          <Route path="addExamBooks" element={<AddExamBooksRoute />} />
          <Route path="stationeries" element={<StationeriesRoute />} />
          <Route path="viewOrders" element={<ViewOrdersRoute />} />
          <Route path="viewOrder/:orderId" element={<ViewOrderRoute />} />
          <Route path="viewMessages" element={<ViewMessagesRoute />} />
          <Route path="promotions" element={<PromotionsRoute />} />
          <Route path="bookList" element={<BookListRoute />} />
          <Route path="users" element={<UsersRoute />} />
          <Route path="dashboard" element={<DashboardRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Routes>
      </Suspense>
    </AdminGate>
  );
}
