import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import type { School } from "@shop/contracts";

/** Spec "School": name, location, district, state, pincode, affiliating board, medium. */
export const SchoolBanner = ({ school }: { school: School }) => (
  <Box
    component="header"
    sx={{
      position: "relative",
      borderRadius: 2,
      overflow: "hidden",
      color: "common.white",
      bgcolor: "primary.dark",
      minHeight: 180,
      display: "flex",
      alignItems: "flex-end",
    }}
  >
    <Box
      component="img"
      src={school.imageUrl}
      alt=""
      sx={{
        position: "absolute",
        inset: 0,
        width: "100%",
        height: "100%",
        objectFit: "cover",
        opacity: 0.35,
      }}
    />
    <Box sx={{ position: "relative", p: { xs: 2, md: 4 } }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {school.name}
      </Typography>
      <Typography>
        {school.location}, {school.area}, {school.district}, {school.state} – {school.pincode}
      </Typography>
      <Box sx={{ display: "flex", gap: 1, mt: 1 }}>
        <Chip label={`Board: ${school.board}`} size="small" sx={{ bgcolor: "common.white" }} />
        <Chip label={`Medium: ${school.medium}`} size="small" sx={{ bgcolor: "common.white" }} />
      </Box>
    </Box>
  </Box>
);
