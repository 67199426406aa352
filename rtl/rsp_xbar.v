// rsp_xbar: the bank-to-port response crossbar shared by the banked storage blocks (rf, rfc);
// contract identical to cmodel/bank_arb.h (rsp_xbar). Combinational: the data of every bank
// whose output goes to a port (sel_i bit b*NumPorts + p: bank b answers port p) reaches it; a
// port is read by at most one bank per cycle (bank_arb grants a port once), so a port's data is
// an AND-OR over the banks. The select is one-hot per bank, from the grants themselves in the
// grant cycle, so that no port number is encoded and decoded again on the way to the data.
// One process per port: Yosys's elaboration of one process over every port grows with the square
// of the ports (rf_fill's 128 ports of 1024 bits: 63 s for a quarter of its width, 4 s so).
module rsp_xbar #(
    parameter NumBanks = 4,
    parameter NumPorts = 12,
    parameter DataBits = 1024
) (
    input  wire [NumBanks*NumPorts-1:0] sel_i,
    input  wire [NumBanks*DataBits-1:0] data_i,
    output wire [NumPorts-1:0]          rsp_valid_o,
    output wire [NumPorts*DataBits-1:0] rsp_data_o
);
  genvar gp;
  generate
    for (gp = 0; gp < NumPorts; gp = gp + 1) begin : g_port
      reg                valid;
      reg [DataBits-1:0] data;
      integer b;
      always @* begin
        valid = 1'b0;
        data  = {DataBits{1'b0}};
        for (b = 0; b < NumBanks; b = b + 1)
          if (sel_i[b*NumPorts + gp]) begin
            valid = 1'b1;
            data  = data | data_i[b*DataBits +: DataBits];
          end
      end
      assign rsp_valid_o[gp] = valid;
      assign rsp_data_o[gp*DataBits +: DataBits] = data;
    end
  endgenerate
endmodule
