import Stack from "@mui/material/Stack";
import { LogoutButton } from "../../features/auth/components/LogoutButton.tsx";
import { CartItemsPreview } from "../../features/cart/components/CartItemsPreview.tsx";
import { ProfileCard } from "../../features/profile/components/ProfileCard.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function ProfileRoute() {
  usePageTitle("Profile");
  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: "auto" }}>
      <ProfileCard logout={<LogoutButton />} />
      <CartItemsPreview />
    </Stack>
  );
}
